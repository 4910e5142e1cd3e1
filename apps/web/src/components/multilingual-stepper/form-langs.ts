/** The order in which multilingual forms are filled in (spec 2.12): Kyrgyz, Russian, English. */
export const FORM_LANGS = ['ky', 'ru', 'en'] as const;
export type FormLang = (typeof FORM_LANGS)[number];

/** The form field holding `base` in `lang`: `name` -> `name_ky`, as the API names it. */
export function localizedName<B extends string, L extends FormLang>(base: B, lang: L): `${B}_${L}` {
  return `${base}_${lang}`;
}

/** Whether a form field (a name path) belongs to `lang`: its last segment ends with `_<lang>`. */
export function isFieldOfLang(name: readonly (string | number)[], lang: FormLang): boolean {
  const last = name[name.length - 1];
  return typeof last === 'string' && last.endsWith(`_${lang}`);
}
