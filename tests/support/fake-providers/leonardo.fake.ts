/**
 * Fake Leonardo (`POST /generations`, `GET|DELETE /generations/{id}`, `GET /me`). Leonardo's REST API is
 * Hasura behind the scenes, which is why errors are `{"error", "path": "$", "code"}` and an unknown
 * generation id is a 200 with `generations_by_pk: null` rather than a 404. A generation stays PENDING for
 * a configurable time and then COMPLETEs (or FAILs on request), so the adapter's polling is exercised.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  bearerToken,
  isRecord,
  jsonResponse,
  type FailureOptions,
  type FakeRequest,
  type FakeResponse,
  type FileHost,
  type ProviderFake,
} from './fake-http';
import { imageContentType, renderImage } from './media';

export const LEONARDO_DEFAULT_KEY = 'leo-test-valid';
export const LEONARDO_USER_ID = '3f4b6a2e-8c1d-4e5f-9a7b-2c3d4e5f6a7b';
/** The model the REST API uses when none is given (from the spec's default). */
export const LEONARDO_DEFAULT_MODEL_ID = 'b24e16ff-06e3-43eb-8d33-4416c2d75876';

const PRESET_STYLES = [
  'ANIME',
  'BOKEH',
  'CINEMATIC',
  'CINEMATIC_CLOSEUP',
  'CREATIVE',
  'DYNAMIC',
  'ENVIRONMENT',
  'FASHION',
  'FILM',
  'FOOD',
  'GENERAL',
  'HDR',
  'ILLUSTRATION',
  'LEONARDO',
  'LONG_EXPOSURE',
  'MACRO',
  'MINIMALISTIC',
  'MONOCHROME',
  'MOODY',
  'NONE',
  'NEUTRAL',
  'PHOTOGRAPHY',
  'PORTRAIT',
  'RAYTRACED',
  'RENDER_3D',
  'RETRO',
  'SKETCH_BW',
  'SKETCH_COLOR',
  'STOCK_PHOTO',
  'VIBRANT',
  'UNPROCESSED',
];

export interface LeonardoTokens {
  subscriptionTokens: number;
  paidTokens: number;
  apiSubscriptionTokens: number;
  apiPaidTokens: number;
}

const DEFAULT_TOKENS: LeonardoTokens = {
  subscriptionTokens: 150,
  paidTokens: 0,
  apiSubscriptionTokens: 3500,
  apiPaidTokens: 0,
};

export const DEFAULT_GENERATION_DELAY_MS = 300;

interface Generation {
  id: string;
  prompt: string;
  negativePrompt: string | null;
  modelId: string;
  width: number;
  height: number;
  presetStyle: string | null;
  seed: number;
  createdAt: number;
  fails: boolean;
  imageUrls: { id: string; url: string }[];
}

export const leonardoError = (
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
) => jsonResponse(status, { error, path: '$', code }, headers);

/** What a generation costs in API tokens here: 8 per image, doubled with Alchemy (a simplification). */
export const leonardoCost = (numImages: number, alchemy: boolean): number => numImages * (alchemy ? 16 : 8);

export class LeonardoFake implements ProviderFake {
  readonly keys = new Set<string>();
  tokens: LeonardoTokens = { ...DEFAULT_TOKENS };
  generationDelayMs = DEFAULT_GENERATION_DELAY_MS;
  private failingGenerations = 0;
  private readonly generations = new Map<string, Generation>();

  constructor(
    private readonly files: FileHost,
    private readonly defaultDelayMs = DEFAULT_GENERATION_DELAY_MS,
  ) {
    this.reset();
  }

  reset(): void {
    this.keys.clear();
    this.keys.add(LEONARDO_DEFAULT_KEY);
    this.tokens = { ...DEFAULT_TOKENS };
    this.generationDelayMs = this.defaultDelayMs;
    this.failingGenerations = 0;
    this.generations.clear();
  }

  /** The next `times` generations end FAILED instead of COMPLETE. */
  failGenerations(times: number): void {
    this.failingGenerations += times;
  }

  authenticate(request: FakeRequest): FakeResponse | undefined {
    const key = bearerToken(request.headers);
    return key !== undefined && this.keys.has(key) ? undefined : this.failure('unauthorized', {});
  }

  failure(
    kind: 'unauthorized' | 'rate_limit' | 'quota' | 'server_error',
    rule: FailureOptions,
  ): FakeResponse {
    switch (kind) {
      case 'unauthorized':
        return leonardoError(
          401,
          rule.message ?? 'Authentication hook unauthorized this request',
          rule.code ?? 'access-denied',
        );
      case 'rate_limit': {
        const seconds = rule.retryAfterSeconds === undefined ? 1 : rule.retryAfterSeconds;
        return leonardoError(
          429,
          rule.message ?? 'Too many requests, please wait and try again.',
          rule.code ?? 'too-many-requests',
          seconds === null ? {} : { 'retry-after': String(seconds) },
        );
      }
      case 'quota':
        // Not in the spec; this is the wording integrations report seeing when the API balance runs out.
        return leonardoError(
          400,
          rule.message ?? `not enough api tokens userId: ${LEONARDO_USER_ID}`,
          rule.code ?? 'unexpected',
        );
      case 'server_error':
        return leonardoError(500, rule.message ?? 'Internal Server Error', rule.code ?? 'unexpected');
    }
  }

  async handle(request: FakeRequest): Promise<FakeResponse> {
    const { method, path } = request;
    if (method === 'GET' && path === '/me') return this.me();
    if (method === 'POST' && path === '/generations') return this.create(request);
    const byId = /^\/generations\/([^/]+)$/.exec(path);
    if (byId) {
      const id = decodeURIComponent(byId[1] ?? '');
      if (method === 'GET') return this.get(id);
      if (method === 'DELETE') {
        const existed = this.generations.delete(id);
        return jsonResponse(200, { delete_generations_by_pk: existed ? { id } : null });
      }
    }
    return leonardoError(404, 'resource does not exist', 'not-found');
  }

  private me(): FakeResponse {
    const renewal = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    return jsonResponse(200, {
      user_details: [
        {
          user: { id: LEONARDO_USER_ID, username: 'palabra-test' },
          subscriptionTokens: this.tokens.subscriptionTokens,
          subscriptionGptTokens: 0,
          subscriptionModelTokens: 0,
          apiConcurrencySlots: 5,
          paidTokens: this.tokens.paidTokens,
          apiPaidTokens: this.tokens.apiPaidTokens,
          apiSubscriptionTokens: this.tokens.apiSubscriptionTokens,
          tokenRenewalDate: renewal,
          apiPlanTokenRenewalDate: renewal,
        },
      ],
    });
  }

  private create(request: FakeRequest): FakeResponse {
    if (request.bodyError !== undefined || !isRecord(request.body)) {
      return leonardoError(400, 'Error in $: Failed reading: not a valid json value', 'invalid-json');
    }
    const body = request.body;
    if (body.prompt === undefined || body.prompt === null) {
      return leonardoError(400, 'expecting a value for non-nullable variable: "prompt"', 'validation-failed');
    }
    if (typeof body.prompt !== 'string') {
      return leonardoError(
        400,
        'unexpected value for variable "prompt", expected a String',
        'validation-failed',
      );
    }
    const width = body.width ?? 1024;
    const height = body.height ?? 768;
    for (const [name, value] of [
      ['width', width],
      ['height', height],
    ] as const) {
      if (
        typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value % 8 !== 0 ||
        value < 32 ||
        value > 1536
      ) {
        return leonardoError(400, `${name} must be a multiple of 8 between 32 and 1536`, 'unexpected');
      }
    }
    const numImages = body.num_images ?? 4;
    const maxImages = (width as number) > 768 || (height as number) > 768 ? 4 : 8;
    if (
      typeof numImages !== 'number' ||
      !Number.isInteger(numImages) ||
      numImages < 1 ||
      numImages > maxImages
    ) {
      return leonardoError(400, `num_images must be between 1 and ${maxImages}`, 'unexpected');
    }
    const presetStyle = body.presetStyle ?? null;
    if (presetStyle !== null && (typeof presetStyle !== 'string' || !PRESET_STYLES.includes(presetStyle))) {
      return leonardoError(
        400,
        `unexpected value ${JSON.stringify(presetStyle)} for enum: 'sd_generation_style'`,
        'validation-failed',
      );
    }
    const cost = leonardoCost(numImages, body.alchemy !== false);
    if (this.tokens.apiSubscriptionTokens + this.tokens.apiPaidTokens < cost)
      return this.failure('quota', {});
    const fromSubscription = Math.min(cost, this.tokens.apiSubscriptionTokens);
    this.tokens.apiSubscriptionTokens -= fromSubscription;
    this.tokens.apiPaidTokens -= cost - fromSubscription;

    const id = randomUUID();
    const fails = this.failingGenerations > 0;
    if (fails) this.failingGenerations--;
    const prompt = body.prompt;
    const imageUrls = Array.from({ length: numImages }, (_, i) => ({
      id: randomUUID(),
      url: this.files.publish(
        `leonardo/users/${LEONARDO_USER_ID}/generations/${id}/Leonardo_Phoenix_${i}.jpg`,
        imageContentType('jpeg'),
        () => renderImage(width as number, height as number, `${prompt}#${i}`, 'jpeg'),
      ),
    }));
    this.generations.set(id, {
      id,
      prompt,
      negativePrompt: typeof body.negative_prompt === 'string' ? body.negative_prompt : null,
      modelId: typeof body.modelId === 'string' ? body.modelId : LEONARDO_DEFAULT_MODEL_ID,
      width: width as number,
      height: height as number,
      presetStyle,
      seed: randomInt(1, 2 ** 31),
      createdAt: Date.now(),
      fails,
      imageUrls,
    });
    return jsonResponse(200, { sdGenerationJob: { generationId: id, apiCreditCost: cost } });
  }

  private get(id: string): FakeResponse {
    const generation = this.generations.get(id);
    if (!generation) return jsonResponse(200, { generations_by_pk: null });
    const done = Date.now() - generation.createdAt >= this.generationDelayMs;
    const status = !done ? 'PENDING' : generation.fails ? 'FAILED' : 'COMPLETE';
    return jsonResponse(200, {
      generations_by_pk: {
        createdAt: new Date(generation.createdAt).toISOString(),
        generated_images:
          status === 'COMPLETE'
            ? generation.imageUrls.map(({ id: imageId, url }) => ({
                generated_image_variation_generics: [],
                fantasyAvatar: false,
                id: imageId,
                imageToVideo: false,
                likeCount: 0,
                motion: false,
                motionModel: null,
                motionMP4URL: null,
                motionStrength: null,
                nsfw: false,
                url,
              }))
            : [],
        generation_elements: [],
        guidanceScale: 7,
        id: generation.id,
        imageHeight: generation.height,
        imageWidth: generation.width,
        inferenceSteps: 15,
        initStrength: null,
        modelId: generation.modelId,
        negativePrompt: generation.negativePrompt,
        photoReal: false,
        photoRealStrength: null,
        presetStyle: generation.presetStyle,
        prompt: generation.prompt,
        promptMagic: false,
        promptMagicStrength: null,
        promptMagicVersion: null,
        public: false,
        scheduler: 'EULER_DISCRETE',
        sdVersion: 'SDXL_1_0',
        seed: generation.seed,
        status,
      },
    });
  }
}
