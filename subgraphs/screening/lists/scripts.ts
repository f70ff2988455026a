/** Script detection for names (ISO 15924 codes), used to tag original-script names. */
export function detectScript(s: string): string | undefined {
  if (/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(s)) return 'Arab';
  if (/[\u0400-\u04ff]/.test(s)) return 'Cyrl';
  if (/[\u3400-\u9fff]/.test(s)) return 'Hani';
  if (/[\uac00-\ud7af\u1100-\u11ff]/.test(s)) return 'Hang';
  if (/[\u0370-\u03ff]/.test(s)) return 'Grek';
  if (/[\u0590-\u05ff]/.test(s)) return 'Hebr';
  return undefined;
}
