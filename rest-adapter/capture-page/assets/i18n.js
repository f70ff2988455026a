// Texts of the hosted page: English and German. Keys are shared; the page falls back to English.
window.VIGIL_I18N = {
  en: {
    language: 'Language', loading: 'Loading…', step: 'Step {n} of {total}', next: 'Continue', back: 'Back', retry: 'Try again',
    consentTitle: 'Your consent', consentAccept: 'I agree', livenessTitle: 'Take a selfie',
    livenessActive: 'Look at the camera, then slowly turn your head to one side while we take {n} pictures.',
    livenessPassive: 'Look straight at the camera and press the button.', startCamera: 'Start camera', capture: 'Take picture', capturing: 'Hold still… {i}/{n}',
    cameraDenied: 'The camera is not available. Upload photos instead.', uploadInstead: 'Upload a photo instead', upload: 'Upload',
    idTitle: 'Your identity document', idType: 'Document type', idFront: 'Front side', idBack: 'Back side',
    idHint: 'Place the document inside the frame, in good light, without glare.', documentTitle: 'Document', questionnaireTitle: 'A few questions',
    reviewTitle: 'Review and submit', reviewReady: 'Everything is ready.', reviewMissing: 'Still missing:', submit: 'Submit',
    doneTitle: 'Thank you', doneClose: 'Your verification was submitted. You can close this tab now.', doneReturn: 'Your verification was submitted. Taking you back…',
    errorTitle: 'Something went wrong', expired: 'This link is no longer valid. Ask for a new one.', saved: 'Saved', optional: '(optional)', yes: 'Yes', no: 'No',
    passport: 'Passport', driver_license: 'Driving licence', national_id: 'National identity card', residence_permit: 'Residence permit', government_id: 'Government id', health_card: 'Health card', permanent_resident_card: 'Permanent resident card', other: 'Other',
  },
  de: {
    language: 'Sprache', loading: 'Wird geladen…', step: 'Schritt {n} von {total}', next: 'Weiter', back: 'Zurück', retry: 'Erneut versuchen',
    consentTitle: 'Ihre Einwilligung', consentAccept: 'Ich stimme zu', livenessTitle: 'Selfie aufnehmen',
    livenessActive: 'Schauen Sie in die Kamera und drehen Sie dann langsam den Kopf zur Seite, während wir {n} Bilder aufnehmen.',
    livenessPassive: 'Schauen Sie direkt in die Kamera und drücken Sie den Knopf.', startCamera: 'Kamera starten', capture: 'Foto aufnehmen', capturing: 'Bitte stillhalten… {i}/{n}',
    cameraDenied: 'Die Kamera ist nicht verfügbar. Laden Sie stattdessen Fotos hoch.', uploadInstead: 'Stattdessen ein Foto hochladen', upload: 'Hochladen',
    idTitle: 'Ihr Ausweisdokument', idType: 'Dokumentart', idFront: 'Vorderseite', idBack: 'Rückseite',
    idHint: 'Legen Sie das Dokument in den Rahmen, bei gutem Licht und ohne Spiegelung.', documentTitle: 'Dokument', questionnaireTitle: 'Einige Fragen',
    reviewTitle: 'Prüfen und absenden', reviewReady: 'Alles ist bereit.', reviewMissing: 'Es fehlt noch:', submit: 'Absenden',
    doneTitle: 'Vielen Dank', doneClose: 'Ihre Verifizierung wurde übermittelt. Sie können diesen Tab jetzt schließen.', doneReturn: 'Ihre Verifizierung wurde übermittelt. Sie werden zurückgeleitet…',
    errorTitle: 'Etwas ist schiefgelaufen', expired: 'Dieser Link ist nicht mehr gültig. Fordern Sie einen neuen an.', saved: 'Gespeichert', optional: '(optional)', yes: 'Ja', no: 'Nein',
    passport: 'Reisepass', driver_license: 'Führerschein', national_id: 'Personalausweis', residence_permit: 'Aufenthaltstitel', government_id: 'Amtlicher Ausweis', health_card: 'Gesundheitskarte', permanent_resident_card: 'Daueraufenthaltskarte', other: 'Sonstiges',
  },
};
