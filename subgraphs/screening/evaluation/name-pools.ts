/** Common names of several regions and generic company words, for plausible non-listed (negative) queries. */
export const COMMON_GIVEN =
  `James John Robert Michael William David Richard Joseph Thomas Charles Mary Patricia Jennifer Linda Elizabeth Barbara Susan
Jessica Sarah Karen Emma Olivia Sophie Lucas Louis Hugo Jules Camille Chloe Lea Manon Pierre Jean Marie Hans Peter Klaus Jurgen Anna Ursula
Giovanni Marco Luca Giulia Francesca Alessandro Jose Juan Carlos Luis Miguel Javier Maria Carmen Lucia Sofia Isabel Pedro Antonio Manuel Diego
Ahmed Mohamed Omar Youssef Khalid Fatima Aisha Mariam Layla Hassan Hussein Ali Karim Samir Nadia Rania Tariq Walid Ziad Yasmin Wei Jun Li Ming Hui
Hiroshi Takeshi Yuki Haruto Sakura Min-jun Seo-yeon Ji-ho Hyun Raj Priya Amit Sunita Arjun Ananya Vikram Olga Ivan Dmitry Sergei Natalia Elena
Andrei Tatiana Mikhail Svetlana Kwame Amara Chinedu Ngozi Oluwaseun Thabo Zanele Tomasz Katarzyna Piotr Agnieszka Lars Ingrid Sven Astrid Mehmet
Ayse Emre Zeynep Nguyen Thanh Minh`.split(/\s+/);

export const COMMON_FAMILY =
  `Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Thomas Moore Martin Jackson Thompson White Harris
Clark Lewis Robinson Walker Young Allen King Wright Scott Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter Phillips Evans Turner
Dubois Moreau Laurent Lefebvre Fournier Girard Bonnet Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Rossi Russo Ferrari Esposito
Bianchi Romano Colombo Ricci Marino Garcia Rodriguez Martinez Hernandez Lopez Gonzalez Perez Sanchez Ramirez Torres Flores Rivera Gomez Diaz
Reyes Morales Ortiz Gutierrez Chavez Ramos Mendoza Ruiz Alvarez Castillo Jimenez Moreno Romero Herrera Medina Aguilar Vargas Haddad Khoury
Mansour Nasser Saleh Farouk Hamdan Aziz Karimi Hosseini Rahimi Sadeghi Wang Zhang Chen Yang Huang Zhao Zhou Wu Xu Sun Ma Zhu Hu Guo Lin
Tanaka Suzuki Takahashi Watanabe Ito Yamamoto Nakamura Kobayashi Kim Lee Park Choi Jung Kang Cho Yoon Patel Sharma Singh Kumar Gupta Shah Mehta
Reddy Iyer Nair Ivanov Smirnov Kuznetsov Popov Vasiliev Petrov Sokolov Novak Kowalski Nowak Wisniewski Nielsen Hansen Jensen Andersson
Johansson Karlsson Yilmaz Kaya Demir Sahin Celik Okafor Mensah Nkosi Dlamini Mwangi Otieno Tran Le Pham Hoang`.split(/\s+/);

export const COMPANY_WORDS =
  `Blue River Northern Southern Eastern Western Pacific Atlantic Summit Horizon Silver Golden Green Oak Maple Cedar Pine Harbor
Bridge Valley Crest Peak Bright Clear Swift Prime Alpha Beta Delta Omega Nova Stellar Apex Vertex Quantum Fusion Vector Orbit Zenith Coral Amber
Falcon Eagle Lion Tiger Phoenix Orion Atlas Titan Meridian Keystone Heritage Pioneer Liberty Unity Harmony Vista Sterling Crown Royal Granite
Willow Birch Aspen Rainbow Sunrise Sunset Lakeside Hillside Riverside Seaside Metro Urban Rural Central`.split(/\s+/);

export const COMPANY_KINDS =
  `Trading Logistics Holdings Technologies Consulting Industries Foods Textiles Engineering Shipping Imports Exports Capital
Partners Systems Solutions Construction Energy Pharma Media Labs Ventures Software Analytics Motors Electronics Agro Mining Realty Retail
Services Group Supplies Investments Finance Marine Aviation`.split(/\s+/);

export const LEGAL = `Ltd LLC Inc Corp GmbH S.A. SARL B.V. PLC JSC OOO Pty Ltd Co., Ltd. S.r.l. AG Limited Company`.split(/ (?=[A-Z])/);
