/**
 * The bounds an upload's job keeps with the learner's providers, which the dictionary and audiobook jobs
 * that ask the same providers keep too.
 */

/** docs/product/upload.md#stages: up to 20 words per language-model request. */
export const UPLOAD_CHUNK_SIZE = 20;
/**
 * Per-provider bounds of one upload. A provider's rate limit is per account, and each learner brings
 * their own, so each upload gets its own share. Speech is the widest, as each word needs three clips.
 */
export const UPLOAD_PROVIDER_LIMITS = { languageModel: 4, images: 12, speech: 32 } as const;
