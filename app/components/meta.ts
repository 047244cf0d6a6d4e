import type { MetaDescriptor } from "react-router";
import { pageTitle } from "../domain/site.ts";

type MetaMatch = { id: string; loaderData: unknown } | undefined;

function productNameFrom(matches: MetaMatch[]): string {
  const rootData = matches.find((match) => match?.id === "root")?.loaderData;
  if (
    typeof rootData === "object" &&
    rootData !== null &&
    "productName" in rootData &&
    typeof rootData.productName === "string"
  ) {
    return rootData.productName;
  }
  return "";
}

/** "{product} - {title}" (every page's title), with "Error: " first when the page shows form errors. */
export function titleMeta(matches: MetaMatch[], title?: string, options: { error?: boolean } = {}): MetaDescriptor[] {
  const text = pageTitle(productNameFrom(matches), title);
  return [{ title: options.error ? `Error: ${text}` : text }];
}
