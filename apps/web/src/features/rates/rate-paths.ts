/** The rate screens' addresses (spec 2.3): the list, and the form at /rates/edit-rates, with the id when editing. */
export const ratePaths = {
  list: '/rates',
  create: '/rates/edit-rates',
  edit: (id: number) => `/rates/edit-rates/${id}`,
};
