import { useState } from 'react';
import { Box, HStack, IconButton, Image, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import type { ProductPageQuery } from '../../gql/graphql';

type Images = NonNullable<ProductPageQuery['product']>['images'];

/**
 * The large image with previous/next and a strip of thumbnails (small variants): a region screen readers call a
 * carousel, which says politely which image shows when it changes (and nothing until then).
 */
export function ProductCarousel({ images, name }: { images: Images; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  if (!current) return null;
  const go = (step: number) => setIndex((i) => (i + step + images.length) % images.length);
  return (
    <Box role="region" aria-roledescription="carousel" aria-label={`${name} images`}>
      <Box position="relative" rounded="xl" overflow="hidden" bg="bg.muted" aspectRatio="4 / 3">
        <Image
          src={current.url}
          alt={`${name}, image ${index + 1} of ${images.length}`}
          width={current.width}
          height={current.height}
          w="full"
          h="full"
          objectFit="contain"
        />
        {images.length > 1 && (
          <>
            <IconButton
              aria-label="Previous image"
              position="absolute"
              left="2"
              top="50%"
              transform="translateY(-50%)"
              rounded="full"
              variant="surface"
              onClick={() => go(-1)}
            >
              <LuChevronLeft />
            </IconButton>
            <IconButton
              aria-label="Next image"
              position="absolute"
              right="2"
              top="50%"
              transform="translateY(-50%)"
              rounded="full"
              variant="surface"
              onClick={() => go(1)}
            >
              <LuChevronRight />
            </IconButton>
          </>
        )}
      </Box>
      {images.length > 1 && (
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {`Image ${index + 1} of ${images.length}`}
        </VisuallyHidden>
      )}
      {images.length > 1 && (
        // The padding leaves room for the thumbnails' focus ring, which the scrolling strip would clip.
        <HStack mt="2" p="1" gap="2" overflowX="auto">
          {images.map((image, i) => (
            <Box
              as="button"
              key={image.id}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              flexShrink={0}
              rounded="md"
              overflow="hidden"
              borderWidth="2px"
              borderColor={i === index ? 'accent.solid' : 'transparent'}
              focusVisibleRing="outside"
            >
              <Image src={image.smallUrl} alt="" loading="lazy" w="80px" h="60px" objectFit="cover" />
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  );
}
