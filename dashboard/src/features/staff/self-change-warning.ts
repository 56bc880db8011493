/** What changing one's own access means, said before it happens: one cannot undo it oneself. */
export const selfChangeWarning = {
  disable: 'This is you: you cannot sign in again until another admin re-enables you.',
  demote: 'This is you: you can no longer manage staff, and only another admin can make you admin again.',
};
