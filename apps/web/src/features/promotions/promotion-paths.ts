/** The promotion screens' addresses (spec 2.3): the list, and the form, with the id when editing. */
export const promotionPaths = {
  list: '/promotions',
  create: '/promotions/creating-promotion',
  edit: (id: number) => `/promotions/creating-promotion/${id}`,
};
