import { responsiveImage } from '@portal/domain/images';

type Props = {
  src: string | null;
  alt: string;
  widths?: readonly number[];
  sizes?: string;
  className?: string;
  eager?: boolean;
  /** Text of the placeholder when there is no image. */
  placeholder?: string;
};

/** 16:9 image from Directus transforms (srcset + explicit size: no layout shift), or a placeholder. */
export default function NewsImage({ src, alt, widths = [400, 800], sizes = '(min-width: 768px) 33vw, 100vw', className = '', eager, placeholder }: Props) {
  if (!src) {
    return (
      <div className={`flex aspect-video w-full items-center justify-center bg-gray-200 text-sm text-gray-700 ${className}`} role={placeholder ? undefined : 'presentation'}>
        {placeholder ?? (
          <svg aria-hidden="true" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-9 9" />
          </svg>
        )}
      </div>
    );
  }
  const img = responsiveImage(src, widths);
  return (
    <img
      src={img.src}
      srcSet={img.srcset}
      sizes={img.srcset ? sizes : undefined}
      width={img.width}
      height={img.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={`aspect-video w-full object-cover ${className}`}
    />
  );
}
