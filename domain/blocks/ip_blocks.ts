/**
 * IP blocks as other capabilities use them: forms/submit checks a visitor's
 * blocks and its IP limit starts one in its own checked commit, so the block's
 * mutations are handed over as functions of `op`. The records are kept by
 * store.ts; other capabilities import this module, never that one.
 */
export {
  activeBlocksOfIp,
  addIpBlockMutations,
  getIpBlock,
  type IpBlock,
  isBlockActive,
} from "./store.ts";
