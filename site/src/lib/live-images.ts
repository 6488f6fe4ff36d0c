/** An entry's photo (issue #30), the same on the built page and from the island: the article column's widths and sizes. */
import { INLINE_IMAGE_WIDTHS } from '@portal/domain/images';

export const LIVE_IMAGE_WIDTHS = INLINE_IMAGE_WIDTHS;
export const LIVE_IMAGE_SIZES = '(min-width: 768px) 48rem, 100vw';
