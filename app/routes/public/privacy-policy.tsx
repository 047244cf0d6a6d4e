import { ContentPage } from "../../components/content-page.tsx";
import { sanitizedSitePage } from "../../content/site-pages.server.ts";
import { titleMeta } from "../../components/meta.ts";
import type { Route } from "./+types/privacy-policy";
import { m } from "../../i18n/paraglide/messages.js";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, m.site_privacy());

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await sanitizedSitePage(context, "privacy") };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={m.site_privacy()} html={loaderData.html} />;
}
