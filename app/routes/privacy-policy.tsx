import { ContentPage } from "../components/content-page.tsx";
import { sanitizedSitePage } from "../content/site-pages.server.ts";
import { titleMeta } from "../components/meta.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Privacy Policy");

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await sanitizedSitePage(context, "privacy") };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <ContentPage title="Privacy Policy" html={loaderData.html} />;
}
