// SPEC 8 generic messages for a named item: '{Item} successfully added/updated/removed.' and friends.
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function itemMessages(item: string) {
  return {
    added: `${capitalize(item)} successfully added.`,
    updated: `${capitalize(item)} successfully updated.`,
    removed: `${capitalize(item)} successfully removed.`,
    unknownSubmitError: `Unknown error submitting ${item}.`,
    removeConfirm: `Are you sure you want to remove ${item}?`,
  } as const;
}
