import type { Lang } from '@evcms/contracts/i18n';

const texts: Record<Lang, { subject: string; body: (link: string) => string }> = {
  ru: {
    subject: 'Восстановление пароля',
    body: (link) =>
      `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку (действует 1 час):\n${link}\n\nЕсли вы не запрашивали восстановление, просто проигнорируйте это письмо.`,
  },
  en: {
    subject: 'Password recovery',
    body: (link) =>
      `Hello!\n\nTo set a new password, open this link (valid for 1 hour):\n${link}\n\nIf you did not ask for this, ignore this message.`,
  },
  ky: {
    subject: 'Сырсөздү калыбына келтирүү',
    body: (link) =>
      `Саламатсызбы!\n\nЖаңы сырсөз коюу үчүн шилтемени ачыңыз (1 саат жарактуу):\n${link}\n\nЭгер сиз муну сураган эмес болсоңуз, бул катты көңүлгө албаңыз.`,
  },
};

export function passwordResetMail(lang: Lang, link: string): { subject: string; text: string } {
  const t = texts[lang];
  return { subject: t.subject, text: t.body(link) };
}
