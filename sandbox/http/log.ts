export type LogEntry = Record<string, unknown>;
export type Log = (entry: LogEntry) => void;

// One JSON object per line, so log collectors need no parser of their own.
export const writeJsonLine: Log = (entry) => {
  const line = `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`;
  if (entry["level"] === "error") {
    process.stderr.write(line);
  } else {
    process.stdout.write(line);
  }
};
