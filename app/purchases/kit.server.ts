// What a product route needs from the purchase kit on the server, in one import.
export { purchaseAction } from "./action.server.ts";
export { loadPurchasePage } from "./loader.server.ts";
export {
  type Caller,
  defineProduct as product,
  lines,
  listed,
  listedProvider,
  type Priced,
  type Unpriceable,
} from "./product.server.ts";
export { verifies } from "./verification.server.ts";
