import 'dayjs/locale/ky';
import type { Locale } from 'antd/es/locale';

/*
 * Ant Design has no Kyrgyz locale; this one covers what its ru_RU covers. The picker locale code
 * 'ky_KG' is read by the picker's dayjs adapter as dayjs's 'ky' (imported above), which gives it
 * Kyrgyz month and weekday names and Monday as the first day of the week.
 */

// Templates are antd's own (`${label}`), filled in by its form validator, not by i18next.
const typeTemplate = '${label} ${type} түрүндө эмес';

const timePickerLocale = {
  placeholder: 'Убакытты тандаңыз',
  rangePlaceholder: ['Башталыш убактысы', 'Аяктоо убактысы'] as [string, string],
};

const datePickerLocale: NonNullable<Locale['DatePicker']> = {
  lang: {
    locale: 'ky_KG',
    yearFormat: 'YYYY',
    dayFormat: 'D',
    cellMeridiemFormat: 'A',
    monthBeforeYear: true,
    placeholder: 'Күндү тандаңыз',
    yearPlaceholder: 'Жылды тандаңыз',
    quarterPlaceholder: 'Чейректи тандаңыз',
    monthPlaceholder: 'Айды тандаңыз',
    weekPlaceholder: 'Аптаны тандаңыз',
    rangePlaceholder: ['Баштапкы күн', 'Акыркы күн'],
    rangeYearPlaceholder: ['Баштапкы жыл', 'Акыркы жыл'],
    rangeQuarterPlaceholder: ['Баштапкы чейрек', 'Акыркы чейрек'],
    rangeMonthPlaceholder: ['Баштапкы ай', 'Акыркы ай'],
    rangeWeekPlaceholder: ['Баштапкы апта', 'Акыркы апта'],
    // The picker indexes this list from Sunday whatever the first day of the week is.
    shortWeekDays: ['Жк', 'Дй', 'Шй', 'Шр', 'Бй', 'Жм', 'Иш'],
    shortMonths: ['Янв', 'Фев', 'Мар', 'Апр', 'Май', 'Июн', 'Июл', 'Авг', 'Сен', 'Окт', 'Ноя', 'Дек'],
    today: 'Бүгүн',
    now: 'Азыр',
    backToToday: 'Бүгүнкү күнгө кайтуу',
    ok: 'ОК',
    clear: 'Тазалоо',
    week: 'Апта',
    month: 'Ай',
    year: 'Жыл',
    timeSelect: 'Убакытты тандоо',
    dateSelect: 'Күндү тандоо',
    weekSelect: 'Аптаны тандоо',
    monthSelect: 'Айды тандоо',
    yearSelect: 'Жылды тандоо',
    decadeSelect: 'Он жылдыкты тандоо',
    previousMonth: 'Мурунку ай',
    nextMonth: 'Кийинки ай',
    previousYear: 'Мурунку жыл',
    nextYear: 'Кийинки жыл',
    previousDecade: 'Мурунку он жылдык',
    nextDecade: 'Кийинки он жылдык',
    previousCentury: 'Мурунку кылым',
    nextCentury: 'Кийинки кылым',
  },
  timePickerLocale,
};

const locale: Locale = {
  locale: 'ky',
  Pagination: {
    items_per_page: '/ барак',
    jump_to: 'Өтүү',
    jump_to_confirm: 'ырастоо',
    page: 'Барак',
    prev_page: 'Мурунку барак',
    next_page: 'Кийинки барак',
    prev_5: 'Мурунку 5 барак',
    next_5: 'Кийинки 5 барак',
    prev_3: 'Мурунку 3 барак',
    next_3: 'Кийинки 3 барак',
    page_size: 'Барактын өлчөмү',
  },
  DatePicker: datePickerLocale,
  TimePicker: timePickerLocale,
  Calendar: datePickerLocale,
  global: {
    placeholder: 'Тандаңыз',
    close: 'Жабуу',
    show: 'Көрсөтүү',
    hide: 'Жашыруу',
    sortable: 'иреттелет',
  },
  Table: {
    filterTitle: 'Чыпка',
    filterConfirm: 'ОК',
    filterReset: 'Тазалоо',
    filterEmptyText: 'Чыпкалар жок',
    filterCheckAll: 'Баарын тандоо',
    filterSearchPlaceholder: 'Чыпкалардан издөө',
    emptyText: 'Маалымат жок',
    selectAll: 'Учурдагы баракты тандоо',
    selectInvert: 'Учурдагы барактагы тандоону тескери кылуу',
    selectNone: 'Бардык тандоону тазалоо',
    selectionAll: 'Бардык маалыматты тандоо',
    sortTitle: 'Иреттөө',
    expand: 'Сапты ачуу',
    collapse: 'Сапты жыйноо',
    triggerDesc: 'Кемүү тартибинде иреттөө үчүн басыңыз',
    triggerAsc: 'Өсүү тартибинде иреттөө үчүн басыңыз',
    cancelSort: 'Иреттөөнү жокко чыгаруу үчүн басыңыз',
  },
  Tour: {
    Next: 'Кийинки',
    Previous: 'Мурунку',
    Finish: 'Бүтүрүү',
  },
  Modal: {
    okText: 'ОК',
    cancelText: 'Жокко чыгаруу',
    justOkText: 'ОК',
  },
  Popconfirm: {
    okText: 'ОК',
    cancelText: 'Жокко чыгаруу',
  },
  Transfer: {
    titles: ['', ''],
    searchPlaceholder: 'Издөө',
    itemUnit: 'элемент',
    itemsUnit: 'элемент',
    remove: 'Өчүрүү',
    selectCurrent: 'Учурдагы баракты тандоо',
    removeCurrent: 'Учурдагы баракты өчүрүү',
    selectAll: 'Бардык маалыматты тандоо',
    deselectAll: 'Бардык тандоону алып салуу',
    removeAll: 'Бардык маалыматты өчүрүү',
    selectInvert: 'Учурдагы барактагы тандоону тескери кылуу',
  },
  Upload: {
    uploading: 'Жүктөлүүдө...',
    removeFile: 'Файлды өчүрүү',
    uploadError: 'Жүктөөдө ката кетти',
    previewFile: 'Файлды алдын ала көрүү',
    downloadFile: 'Файлды жүктөп алуу',
  },
  Empty: {
    description: 'Маалымат жок',
  },
  Icon: {
    icon: 'сүрөтчө',
  },
  Text: {
    edit: 'Түзөтүү',
    copy: 'Көчүрүү',
    copied: 'Көчүрүлдү',
    expand: 'Толугу менен көрсөтүү',
    collapse: 'Жыйноо',
  },
  Carousel: {
    prevSlide: 'Мурунку слайд',
    nextSlide: 'Кийинки слайд',
  },
  Form: {
    optional: '(милдеттүү эмес)',
    defaultValidateMessages: {
      default: '${label} талаасын текшерүүдө ката кетти',
      required: '${label} киргизиңиз',
      enum: '${label} төмөнкүлөрдүн бири болушу керек: [${enum}]',
      whitespace: '${label} бош болбошу керек',
      date: {
        format: '${label} күнүнүн форматы туура эмес',
        parse: '${label} күнгө айландырылбайт',
        invalid: '${label} туура эмес күн',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: '${label} так ${len} белгиден турушу керек',
        min: '${label} кеминде ${min} белгиден турушу керек',
        max: '${label} ${max} белгиден ашпашы керек',
        range: '${label} ${min}-${max} белгинин ортосунда болушу керек',
      },
      number: {
        len: '${label} ${len} барабар болушу керек',
        min: '${label} кеминде ${min} болушу керек',
        max: '${label} ${max} ашпашы керек',
        range: '${label} ${min}-${max} ортосунда болушу керек',
      },
      array: {
        len: '${label} элементтеринин саны ${len} болушу керек',
        min: '${label} элементтеринин саны кеминде ${min} болушу керек',
        max: '${label} элементтеринин саны ${max} ашпашы керек',
        range: '${label} элементтеринин саны ${min} менен ${max} ортосунда болушу керек',
      },
      pattern: {
        mismatch: '${label} ${pattern} үлгүсүнө дал келбейт',
      },
    },
  },
  QRCode: {
    expired: 'QR-коддун мөөнөтү бүттү',
    refresh: 'Жаңылоо',
    scanned: 'Сканерленди',
  },
  ColorPicker: {
    presetEmpty: 'Бош',
    transparent: 'Тунук',
    singleColor: 'Бир түс',
    gradientColor: 'Градиент',
  },
};

export default locale;
