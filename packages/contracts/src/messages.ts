import type { Lang } from './i18n.ts';

/**
 * Every message the server sends and the web forms show for validation and errors, in the three
 * languages. Schemas in this package name these keys; the server and the web translate them with
 * `formatMessage`, so a message is written once.
 */
const en = {
  field_blank: 'Field cannot be blank',
  email_required: 'Enter your email address',
  email_invalid: 'Your email address is not valid',
  password_required: 'Enter your password',
  password_wrong: 'Wrong password',
  password_min: 'Password must be at least {min} characters',
  password_mismatch: 'Password mismatch',
  phone_required: 'Enter your phone number',
  phone_format: 'Please enter correct phone number format',
  max_length: 'Ensure this field has no more than {max} characters',
  min_length: 'Ensure this field has at least {min} characters',
  number_max: 'Ensure this value is less than or equal to {max}',
  number_min: 'Ensure this value is greater than or equal to {min}',
  invalid_value: 'Enter a valid value',
  invalid_choice: 'Select a valid choice',
  url_invalid: 'Enter a valid URL',
  percentage_invalid: 'The rate must be a percentage',
  three_languages: 'Fill in the data in all three languages',
  incorrect_fields_title: 'Incorrectly filled field',
  incorrect_fields_text:
    'One or more of the required fields are not filled in or contain incorrect data, check the entered data.',
  unauthorized: 'Authentication credentials were not provided or have expired.',
  refresh_invalid: 'The session has expired. Please sign in again.',
  csrf_mismatch: 'CSRF token mismatch.',
  not_found: 'Not found.',
  method_not_allowed: 'Method not allowed.',
  too_many_attempts: 'Too many attempts. Try again in {minutes} min.',
  request_malformed: 'The request body is malformed.',
  server_error: 'An error occurred while processing the request',
  reset_link_invalid: 'The link is invalid or has expired. Request a new one.',
  reset_sent: 'If this address belongs to an account, we have sent instructions to it.',
  current_password_wrong: 'The current password is wrong',
  password_changed: 'Password changed',
  integer_invalid: 'Enter a whole number',
  objects_not_found: 'Not found: {ids}.',
  request_too_large: 'The request is too large.',
  tag_active_delete: 'An active tag cannot be deleted. Deactivate it first.',
  surrounding_active_delete: 'Active infrastructure cannot be deleted. Deactivate it first.',
  icon_required: 'Upload icon',
  icon_too_large: 'The icon must be {max} KB or smaller',
  icon_not_svg: 'The icon must be an SVG image',
  schedule_time_invalid: 'Enter a time as HH:mm:ss',
  schedule_start_after_end: 'The start cannot be later than the end',
  schedule_end_before_start: 'The end cannot be earlier than the start',
  schedule_end_max: 'The end cannot be later than 23:59:59',
  schedule_day_duplicate: 'A day can have only one working-hours entry and one break',
  schedule_break_outside: 'The break must be within the working hours',
  schedule_break_day_off: 'A break can only be set on a working day',
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const ru: Catalogue = {
  field_blank: 'Поле не может быть пустым',
  email_required: 'Введите адрес электронной почты',
  email_invalid: 'Адрес электронной почты недействителен',
  password_required: 'Введите пароль',
  password_wrong: 'Неверный пароль',
  password_min: 'Пароль должен содержать не менее {min} символов',
  password_mismatch: 'Пароли не совпадают',
  phone_required: 'Введите номер телефона',
  phone_format: 'Введите номер телефона в правильном формате',
  max_length: 'Убедитесь, что это поле содержит не более {max} символов',
  min_length: 'Убедитесь, что это поле содержит не менее {min} символов',
  number_max: 'Убедитесь, что это значение меньше либо равно {max}',
  number_min: 'Убедитесь, что это значение больше либо равно {min}',
  invalid_value: 'Введите правильное значение',
  invalid_choice: 'Выберите правильный вариант',
  url_invalid: 'Введите правильный URL',
  percentage_invalid: 'Ставка должна быть в процентах',
  three_languages: 'Заполните данные на всех трёх языках',
  incorrect_fields_title: 'Неправильно заполненное поле',
  incorrect_fields_text:
    'Одно или несколько обязательных полей не заполнены или содержат некорректные данные, проверьте введённые данные.',
  unauthorized: 'Учётные данные не были предоставлены или срок их действия истёк.',
  refresh_invalid: 'Сеанс истёк. Войдите снова.',
  csrf_mismatch: 'Неверный CSRF-токен.',
  not_found: 'Не найдено.',
  method_not_allowed: 'Метод не разрешён.',
  too_many_attempts: 'Слишком много попыток. Повторите через {minutes} мин.',
  request_malformed: 'Тело запроса имеет неверный формат.',
  server_error: 'Произошла ошибка при обработке запроса',
  reset_link_invalid: 'Ссылка недействительна или устарела. Запросите новую.',
  reset_sent: 'Если этот адрес принадлежит учётной записи, мы отправили на него инструкции.',
  current_password_wrong: 'Текущий пароль указан неверно',
  password_changed: 'Пароль изменён',
  integer_invalid: 'Введите целое число',
  objects_not_found: 'Не найдено: {ids}.',
  request_too_large: 'Запрос слишком большой.',
  tag_active_delete: 'Активный тег нельзя удалить. Сначала деактивируйте его.',
  surrounding_active_delete: 'Активную инфраструктуру нельзя удалить. Сначала деактивируйте её.',
  icon_required: 'Загрузите иконку',
  icon_too_large: 'Размер иконки не должен превышать {max} КБ',
  icon_not_svg: 'Иконка должна быть изображением в формате SVG',
  schedule_time_invalid: 'Введите время в формате ЧЧ:мм:сс',
  schedule_start_after_end: 'Начало не может быть позже окончания',
  schedule_end_before_start: 'Окончание не может быть раньше начала',
  schedule_end_max: 'Окончание не может быть позже 23:59:59',
  schedule_day_duplicate: 'У дня может быть только одна запись рабочего времени и один перерыв',
  schedule_break_outside: 'Перерыв должен быть в пределах рабочего времени',
  schedule_break_day_off: 'Перерыв можно указать только для рабочего дня',
};

const ky: Catalogue = {
  field_blank: 'Талаа бош болбошу керек',
  email_required: 'Электрондук почтаңыздын дарегин киргизиңиз',
  email_invalid: 'Электрондук почтанын дареги туура эмес',
  password_required: 'Сырсөздү киргизиңиз',
  password_wrong: 'Сырсөз туура эмес',
  password_min: 'Сырсөз кеминде {min} белгиден турушу керек',
  password_mismatch: 'Сырсөздөр дал келбейт',
  phone_required: 'Телефон номериңизди киргизиңиз',
  phone_format: 'Телефон номерин туура форматта киргизиңиз',
  max_length: 'Бул талаа {max} белгиден ашпашы керек',
  min_length: 'Бул талаа кеминде {min} белгиден турушу керек',
  number_max: 'Бул маани {max} ашпашы керек',
  number_min: 'Бул маани {min} кем болбошу керек',
  invalid_value: 'Туура маани киргизиңиз',
  invalid_choice: 'Туура вариантты тандаңыз',
  url_invalid: 'Туура URL киргизиңиз',
  percentage_invalid: 'Ставка пайыз менен болушу керек',
  three_languages: 'Маалыматты үч тилде тең толтуруңуз',
  incorrect_fields_title: 'Талаа туура эмес толтурулган',
  incorrect_fields_text:
    'Бир же бир нече милдеттүү талаа толтурулган эмес же туура эмес маалыматты камтыйт, киргизилген маалыматты текшериңиз.',
  unauthorized: 'Кирүү маалыматтары берилген жок же алардын мөөнөтү бүттү.',
  refresh_invalid: 'Сеанстын мөөнөтү бүттү. Кайра кириңиз.',
  csrf_mismatch: 'CSRF-токен туура эмес.',
  not_found: 'Табылган жок.',
  method_not_allowed: 'Бул ыкмага уруксат жок.',
  too_many_attempts: 'Аракеттер өтө көп. {minutes} мүнөттөн кийин кайталаңыз.',
  request_malformed: 'Суроо-талаптын денеси туура эмес форматта.',
  server_error: 'Суроо-талапты иштетүүдө ката кетти',
  reset_link_invalid: 'Шилтеме жараксыз же мөөнөтү өтүп кеткен. Жаңысын сураңыз.',
  reset_sent: 'Эгер бул дарек каттоо эсебине таандык болсо, биз ага нускамаларды жөнөттүк.',
  current_password_wrong: 'Учурдагы сырсөз туура эмес',
  password_changed: 'Сырсөз өзгөртүлдү',
  integer_invalid: 'Бүтүн сан киргизиңиз',
  objects_not_found: 'Табылган жок: {ids}.',
  request_too_large: 'Суроо-талап өтө чоң.',
  tag_active_delete: 'Активдүү тегди өчүрүүгө болбойт. Адегенде аны активсиз кылыңыз.',
  surrounding_active_delete: 'Активдүү инфраструктураны өчүрүүгө болбойт. Адегенде аны активсиз кылыңыз.',
  icon_required: 'Иконканы жүктөңүз',
  icon_too_large: 'Иконканын көлөмү {max} КБдан ашпашы керек',
  icon_not_svg: 'Иконка SVG форматындагы сүрөт болушу керек',
  schedule_time_invalid: 'Убакытты СС:мм:сс форматында киргизиңиз',
  schedule_start_after_end: 'Башталышы аякташынан кеч болбошу керек',
  schedule_end_before_start: 'Аякташы башталышынан эрте болбошу керек',
  schedule_end_max: 'Аякташы 23:59:59дан кеч болбошу керек',
  schedule_day_duplicate: 'Бир күндө бир гана иш убактысы жана бир гана тыныгуу болушу мүмкүн',
  schedule_break_outside: 'Тыныгуу иш убактысынын ичинде болушу керек',
  schedule_break_day_off: 'Тыныгууну жумуш күнү үчүн гана коюуга болот',
};

export const messages: Record<Lang, Catalogue> = { ru, en, ky };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

export type MessageParams = Record<string, string | number>;

export function formatMessage(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = messages[lang][key] ?? messages.ru[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
