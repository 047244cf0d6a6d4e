// An exam PIN as the upstream keeps it in a transaction's exam card: "Serial: WRN123456789,
// PIN: 123456789012". The result and the receipt show the two apart, as the token is shown.

export type ExamCard = { readonly serial: string; readonly pin: string };

const CARD = /^\s*serial\s*(?:no\.?|number)?\s*[:=]\s*([^,;]+?)\s*[,;]\s*pin\s*[:=]\s*(\S+?)\s*$/i;

/** The serial and PIN, or null for an empty card or one in a shape we do not know (shown as it came). */
export function parseExamCard(text: string): ExamCard | null {
  const match = CARD.exec(text);
  if (!match) return null;
  const serial = match[1]?.trim() ?? "";
  const pin = match[2] ?? "";
  return serial === "" || pin === "" ? null : { serial, pin };
}
