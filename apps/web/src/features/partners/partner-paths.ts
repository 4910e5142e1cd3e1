/** The partner screens' addresses: the list (spec 2.3), the form with the id when editing, the report. */
export const partnerPaths = {
  list: '/software-rental-partners',
  create: '/software-rental-partners/create',
  edit: (id: number) => `/software-rental-partners/create/${id}`,
  report: '/software-rental-partners/report',
};
