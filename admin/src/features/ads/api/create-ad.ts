/** Ad form schema (domain validateAd rules), payload with the date window as ISO or null, create hook. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AD_FORMATS, AD_POSITIONS, AD_TYPES, adDateToIso, adPlace } from '@portal/domain/ads';
import { addIssues, validateAd } from '@portal/domain/validation';
import { createItem, directus } from '../../../lib/directus.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';
import { adsQueries } from './ads-queries.ts';

export const adInputSchema = z
  .object({
    title: z.string(),
    content: z.string(),
    ad_type: z.enum(AD_TYPES),
    position: z.enum(AD_POSITIONS),
    link_url: z.string(),
    is_active: z.boolean(),
    /** Date-only (YYYY-MM-DD) or empty. */
    start_date: z.string(),
    end_date: z.string(),
    google_ad_client: z.string(),
    google_ad_slot: z.string(),
    google_ad_format: z.enum(AD_FORMATS),
    google_ad_responsive: z.boolean(),
  })
  .superRefine((ad, ctx) => {
    addIssues(validateAd(ad), ctx);
    // The form saves only what a reader sees (decision 055).
    if (!adPlace(ad.ad_type, ad.position)) ctx.addIssue({ code: 'custom', path: ['position'], message: 'Esta posição não aparece no site para este tipo.' });
  });
export type AdInput = z.infer<typeof adInputSchema>;

/** Form defaults (spec section 3): type banner, position top, active, AdSense auto and responsive. */
export const AD_DEFAULTS: AdInput = {
  title: '',
  content: '',
  ad_type: 'banner',
  position: 'top',
  link_url: '',
  is_active: true,
  start_date: '',
  end_date: '',
  google_ad_client: '',
  google_ad_slot: '',
  google_ad_format: 'auto',
  google_ad_responsive: true,
};

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function adPayload(input: AdInput) {
  const adsense = input.ad_type === 'google_adsense';
  return {
    title: input.title.trim(),
    content: orNull(input.content),
    ad_type: input.ad_type,
    position: input.position,
    // The destination URL is managed by the ad provider for AdSense ads.
    link_url: adsense ? null : orNull(input.link_url),
    is_active: input.is_active,
    start_date: adDateToIso(input.start_date, 'start'),
    end_date: adDateToIso(input.end_date, 'end'),
    google_ad_client: adsense ? orNull(input.google_ad_client) : null,
    google_ad_slot: adsense ? orNull(input.google_ad_slot) : null,
    google_ad_format: input.google_ad_format,
    google_ad_responsive: input.google_ad_responsive,
  };
}

export const createAd = (input: AdInput) => directus.request(createItem('ads', adPayload(input)));

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAd, onSuccess: () => refreshAfterWrite(queryClient, adsQueries.all()) });
}
