import { z } from 'zod';
import { UpstreamSettingsSchema } from '../../settings/schema.js';

/** `POST /desk/upstream/check`: which URL to try (default: `upstream.url` in force). */
export const UpstreamCheckRequestSchema = z
  .object({ url: UpstreamSettingsSchema.shape.url.unwrap().unwrap().optional() })
  .meta({ id: 'DeskUpstreamCheckRequest' });

export const UpstreamCheckResponseSchema = z
  .object({
    url: z.string().nullable().meta({ description: 'The URL tried; null when none is given and upstream.url is not set.' }),
    reachable: z.boolean(),
    status: z.number().int().nullable().meta({ description: "The HTTP status of the upstream's GET /health." }),
    latency_ms: z.number().nullable(),
    detail: z.string().meta({ description: 'What was found, in one sentence (why it is not reachable, when it is not).' }),
  })
  .meta({ id: 'DeskUpstreamCheck' });
