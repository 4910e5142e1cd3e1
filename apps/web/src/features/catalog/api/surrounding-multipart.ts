/** What an infrastructure create or update sends; a change sends only the fields it has. */
export interface SurroundingFields {
  title_ru?: string;
  title_en?: string;
  title_ky?: string;
  active?: boolean;
  /** A newly chosen svg; absent keeps the current icon. */
  icon?: File;
}

/** The multipart body the surroundings endpoints take: `active` as 'true'/'false', the icon as a file part. */
export function surroundingFormData(fields: SurroundingFields): FormData {
  const data = new FormData();
  for (const name of ['title_ru', 'title_en', 'title_ky'] as const) {
    const value = fields[name];
    if (value !== undefined) data.append(name, value);
  }
  if (fields.active !== undefined) data.append('active', String(fields.active));
  if (fields.icon) data.append('icon', fields.icon, fields.icon.name);
  return data;
}
