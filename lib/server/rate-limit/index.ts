/** Rate limits counted in PostgreSQL (issue 22): the policies and their counters. This file only re-exports. */
export { RATE_LIMITS, type KeyKind, type PolicyName, type RatePolicy } from './policies';
export {
  accountDigest,
  consume,
  counted,
  forget,
  forgetAccount,
  keyOf,
  pruneRateLimits,
  RateLimitedError,
  record,
  release,
  wait,
  type Check,
  type Executor,
  type Hit,
  type Subject,
} from './counter';
