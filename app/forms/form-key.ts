// A form's one-time key: made when the page loaded and posted back in a hidden `key` field,
// so posting the same form again (back and resubmit without JavaScript, a double click)
// is one purchase, one payment or one report, not two.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The posted `key` when it is a lowercase UUID, or a new one when it is missing or malformed. */
export function formKey(formData: FormData): string {
  const posted = formData.get("key");
  return typeof posted === "string" && UUID.test(posted) ? posted : crypto.randomUUID();
}
