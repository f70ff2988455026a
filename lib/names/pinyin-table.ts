import anyAscii from 'any-ascii';

/**
 * Compact Han -> pinyin (toneless) table: the ~100 most common surnames and the most frequent given-name characters,
 * enough to bring Chinese-script names to the Latin spellings sanctions lists publish. Format: syllable followed by its
 * characters; entries separated by spaces. Characters missing here stay untransliterated.
 */
const TABLE = `
a:阿 ai:艾爱 an:安 ang:昂 ao:敖奥 ba:巴 bai:白百柏 ban:班 bao:包鲍宝保 bei:北贝 ben:本 bi:毕碧 bian:卞边 bin:宾斌彬 bing:兵冰炳
bo:博波薄柏 bu:步卜 cai:蔡才彩 cao:曹 cen:岑 chang:常昌长畅 chao:超朝 chen:陈晨辰臣 cheng:程成城承诚 chi:池迟 chong:崇 chu:楚储初
chuan:川传 chun:春纯 cong:丛聪 cui:崔翠 da:达大 dai:戴代 dan:丹 dang:党 dao:道 de:德 deng:邓登 di:狄迪 dian:典 ding:丁定鼎
dong:董东冬栋 dou:窦 du:杜都 duan:段端 fan:范樊凡帆 fang:方房芳 fei:费飞菲 feng:冯封凤丰锋峰风 fu:傅付富福甫符 gang:刚钢 gao:高
ge:葛戈 geng:耿 gong:龚宫公 gu:顾谷古 guan:关管冠 guang:光广 gui:桂贵 guo:郭国果 hai:海 han:韩汉寒涵 hao:郝浩豪昊 he:何贺和赫
heng:恒 hong:洪红宏鸿 hou:侯厚 hu:胡虎湖 hua:华花 huai:怀 huan:欢焕 huang:黄皇煌 hui:惠慧辉会 huo:霍火 ji:纪季姬吉计冀济继佶 jia:贾家佳嘉
jian:简建剑健坚 jiang:江姜蒋 jiao:焦娇 jie:杰洁解 jin:金晋锦进 jing:井景晶静敬京 jiu:九久 ju:鞠居 juan:娟 jun:军君俊骏 kai:凯开
kang:康 ke:柯克可 kong:孔 kuang:匡 kun:昆坤 lai:赖来 lan:兰蓝岚 lang:郎朗 lao:劳 lei:雷磊蕾 li:李黎厉利丽力立理礼莉 lian:连廉莲
liang:梁良亮 liao:廖 lin:林琳霖麟 ling:凌玲灵令 liu:刘柳留 long:龙隆 lou:娄楼 lu:卢鲁陆路露 luo:罗骆洛 lv:吕 ma:马 mai:麦 man:满
mao:毛茂 mei:梅美 meng:孟蒙梦 mi:米 miao:苗 min:闵敏民 ming:明铭鸣 mo:莫 mu:穆木 na:娜 nan:南楠 ni:倪 ning:宁 niu:牛 ou:欧
pan:潘盘 pang:庞 pei:裴培 peng:彭鹏 ping:平萍 pu:蒲浦 qi:齐戚祁琪奇启 qian:钱前倩 qiang:强 qiao:乔 qin:秦琴勤 qing:青清庆晴
qiu:邱秋 qu:曲屈 quan:全权泉 ran:冉 ren:任仁 rong:荣容蓉 ru:如汝 rui:瑞睿 run:润 sha:沙 shan:单山珊善 shang:尚商 shao:邵少绍
shen:沈申深慎 sheng:盛胜生圣 shi:石史施时世士诗 shou:寿 shu:舒书淑 shuang:双 shui:水 shun:顺 si:司思斯 song:宋松颂 su:苏素
sun:孙 tai:太泰 tan:谭谈 tang:唐汤 tao:陶涛 teng:滕腾 tian:田天甜 ting:廷婷亭 tong:童佟同通 tu:涂屠 wan:万宛婉 wang:王汪旺望
wei:魏韦卫伟维威薇 wen:文温闻 weng:翁 wu:吴武伍吾 xi:席西希喜熙 xia:夏霞 xian:冼贤先仙 xiang:向项祥翔香 xiao:萧肖小晓孝 xie:谢
xin:辛新欣心鑫 xing:邢星兴 xiong:熊雄 xiu:修秀 xu:徐许旭须 xuan:宣轩 xue:薛雪学 xun:荀 ya:亚雅 yan:严颜阎燕艳岩延言彦 yang:杨阳洋
yao:姚耀 ye:叶 yi:易毅义艺怡宜益依 yin:尹殷银 ying:英应莹颖 yong:永勇雍 you:尤友 yu:于余俞虞禹宇玉雨钰 yuan:袁元源远 yue:岳越悦月
yun:云芸运 zai:在 zan:赞 zang:臧 zeng:曾 zha:查 zhai:翟 zhan:詹展战 zhang:张章 zhao:赵昭 zhe:哲 zhen:甄振真贞珍 zheng:郑正政征
zhi:志智芝之治 zhong:钟仲忠中 zhou:周舟 zhu:朱祝诸竹珠 zhuang:庄 zhuo:卓 zi:子紫 zong:宗 zou:邹 zu:祖 zuo:左
`;

export const PINYIN = new Map<string, string>();
for (const entry of TABLE.trim().split(/\s+/)) {
  const [syllable, chars] = entry.split(':');
  for (const ch of chars) if (!PINYIN.has(ch)) PINYIN.set(ch, syllable);
}
// Traditional forms of the table's characters whose reading in names differs from any-ascii's first reading (長安 is
// Chang'an, 單 the surname Shan); other traditional characters read like their simplified forms through any-ascii.
for (const [ch, syllable] of Object.entries({ 長: 'chang', 單: 'shan', 曾: 'zeng', 樂: 'yue', 查: 'zha', 解: 'xie', 區: 'ou', 藍: 'lan' }))
  PINYIN.set(ch, syllable);

/**
 * The words of Chinese company names that the lists publish translated, not romanized: legal forms (有限公司 "Co., Ltd."),
 * generic business words (船務 shipping, 國際 international) and the places the lists write in English (香港 Hong Kong,
 * not Xianggang). Only words the engine weighs as legal forms or generic words, and place names with an English exonym;
 * the distinctive part of a name (華信, 沈忠) is romanized. Simplified and traditional forms; longest first.
 */
const HAN_WORDS: Record<string, string> = {
  股份有限公司: 'co ltd',
  有限责任公司: 'co ltd',
  有限責任公司: 'co ltd',
  有限公司: 'co ltd',
  进出口: 'import export',
  進出口: 'import export',
  公司: 'company',
  集团: 'group',
  集團: 'group',
  国际: 'international',
  國際: 'international',
  贸易: 'trading',
  貿易: 'trading',
  船务: 'shipping',
  船務: 'shipping',
  海运: 'shipping',
  海運: 'shipping',
  航运: 'shipping',
  航運: 'shipping',
  物流: 'logistics',
  技术: 'technology',
  技術: 'technology',
  科技: 'technology',
  工业: 'industrial',
  工業: 'industrial',
  实业: 'industrial',
  實業: 'industrial',
  控股: 'holdings',
  投资: 'investment',
  投資: 'investment',
  银行: 'bank',
  銀行: 'bank',
  能源: 'energy',
  石油: 'petroleum',
  化工: 'chemical',
  电子: 'electronics',
  電子: 'electronics',
  机械: 'machinery',
  機械: 'machinery',
  发展: 'development',
  發展: 'development',
  香港: 'hong kong',
  澳门: 'macau',
  澳門: 'macau',
};
const HAN_WORD_RE = new RegExp(
  Object.keys(HAN_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'g',
);
const HAN_CHAR = /[\u3400-\u9fff]/;

/**
 * Each Han character becomes a separate syllable token (the engine re-joins them: "fang wei" ~ "fangwei", "hua xin" ~
 * "huaxin"): the table's reading for name characters, any-ascii's (Unihan's first Mandarin reading) for the others; the
 * translated words of company names (HAN_WORDS) become their English words.
 */
export function transliterateHan(s: string): string {
  let out = '';
  for (const piece of s.replace(HAN_WORD_RE, (w) => ` ${HAN_WORDS[w]} `)) {
    const p = PINYIN.get(piece);
    if (p !== undefined) out += ` ${p} `;
    else if (HAN_CHAR.test(piece)) out += ` ${anyAscii(piece).toLowerCase()} `;
    else out += piece;
  }
  return out.replace(/\s+/g, ' ').trim();
}
