// Query keys of the paper-conversion feature: one book by its number. Every paper command changes that book, so
// each invalidates `book(bookNumber)`.
export const paperBookKeys = {
  all: ['paper-books'] as const,
  book: (bookNumber: string) => [...paperBookKeys.all, 'book', bookNumber] as const,
};
