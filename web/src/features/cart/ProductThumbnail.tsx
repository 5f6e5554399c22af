import { Box, Image, type BoxProps } from '@chakra-ui/react';

/**
 * A cart line's product picture, whole: the artwork has its title painted in, so it is fitted into a 4:3 box (the
 * shape of the uploads' small variant) on a muted background instead of cropped to fill it.
 */
export function ProductThumbnail({ src, width }: { src?: string | null; width: BoxProps['width'] }) {
  return (
    <Box width={width} aspectRatio="4 / 3" flexShrink="0" rounded="md" overflow="hidden" bg="bg.muted">
      {src && <Image src={src} alt="" w="full" h="full" objectFit="contain" />}
    </Box>
  );
}
