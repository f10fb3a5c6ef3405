// Wording of the Erase personal data dialog (SPEC does not show erasure; see docs/decisions/0018-erasure.md).
export const ERASURE_TEXTS = {
  title: 'Erase personal data',
  confirm: 'Erase personal data',
  cannotBeUndone: 'This cannot be undone.',
  intro: (name: string) => `Erase the personal data of ${name}, as the customer asked?`,
  introNoName: "Erase this customer's personal data, as the customer asked?",
  effects: [
    'Their names, e-mail address, phone numbers and address become unreadable everywhere: this screen, search, history and sent messages.',
    'Their sign-in is removed; they can no longer log in or be found by their old e-mail or phone.',
    'Financial facts stay for record-keeping (purchases, redemptions, repair orders), with the record\'s dates and settings.',
  ],
  reasonLabel: 'Reason',
  reasonHint: 'Why the data is erased, e.g. the customer\'s request and its date. Do not enter personal data here.',
} as const;
