import { readFile } from "node:fs/promises";
import { join } from "node:path";

// The Dockerfile read as the image's last stage: the settings the bench's capped run copies,
// so that it follows the file instead of a copy of it. (scripts/image-test.sh builds and runs
// the image itself, decision 040.)

/** The instructions after the last FROM, continuation lines joined. */
export async function finalStage(root: string): Promise<string[]> {
  const text = (await readFile(join(root, "Dockerfile"), "utf8")).replace(/\\\n\s*/g, " ");
  const lines = text.split("\n").map((line) => line.trim());
  const lastFrom = lines.findLastIndex((line) => line.startsWith("FROM "));
  return lines.slice(lastFrom + 1).filter((line) => line !== "" && !line.startsWith("#"));
}

/** The stage's ENV NAME=value pairs; a value with spaces is in double quotes. */
export function environmentOf(stage: readonly string[]): Record<string, string> {
  const pairs = stage
    .filter((line) => line.startsWith("ENV "))
    .flatMap((line) => [...line.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)]);
  return Object.fromEntries(pairs.map(([, name = "", value = ""]) => [name, value.replace(/^"(.*)"$/, "$1")]));
}
