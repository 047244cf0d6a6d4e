import { setTimeout as sleep } from "node:timers/promises";
import { openStore, storeLocation } from "../../app/store/database.server.ts";

// Opens (and so migrates) the portal's database named by argv[2] in a process of its own, as
// a container starting does, at the moment argv[3] names (ms since the epoch) so that several
// start together, and prints the migrations it finds recorded.
await sleep(Number(process.argv[3]) - Date.now());
const store = await openStore(storeLocation(process.argv[2]));
const rows = await store.db.selectFrom("portal_migrations").select("version").orderBy("version").execute();
process.stdout.write(JSON.stringify(rows.map((row) => row.version)));
await store.close();
