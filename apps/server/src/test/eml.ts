/**
 * Reads a single-part text .eml as nodemailer writes it (base64 or quoted-printable body), for
 * tests that follow a mailed link.
 */
export function readEml(raw: string): { headers: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return { headers, text: Buffer.from(body, 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') };
  }
  return { headers, text: body };
}

export function resetLinkIn(text: string): string | undefined {
  return /https?:\/\/\S+\/change-password\?token=[\w-]+/.exec(text)?.[0];
}

/** The token of the recovery link in a mail. */
export function resetTokenIn(mail: string): string {
  const link = resetLinkIn(mail);
  if (!link) throw new Error(`no recovery link in mail:\n${mail}`);
  return new URL(link).searchParams.get('token') ?? '';
}
