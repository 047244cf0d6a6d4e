// "Save these numbers as a list" on the bulk review (decision 086): its button's intent and its
// name field, shared by the form (in the browser) and the action.

export const LIST_INTENT = "save-list";
export const LIST_NAME_FIELD = "listName";
