/** `?provider=` (or another name) as a provider id, or null when absent or malformed. */
export function providerFromQuery(request: Request, name = "provider"): number | null {
  const value = new URL(request.url).searchParams.get(name) ?? "";
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
