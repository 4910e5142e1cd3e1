/** A number unique to the test file's process: names, phones and identities the builders make never meet. */
let counter = 0;
export const next = () => (counter += 1);
