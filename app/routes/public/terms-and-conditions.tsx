import { ContentPage } from "../../components/content-page.tsx";
import { sanitizedSitePage } from "../../content/site-pages.server.ts";
import { titleMeta } from "../../components/meta.ts";
import type { Route } from "./+types/terms-and-conditions";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.site_terms());

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await sanitizedSitePage(context, "terms") };
}

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={m.site_terms()} html={loaderData.html} />;
}
