import { Box, chakra } from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';

/**
 * Light/dark switch; next-themes keeps the choice in localStorage under `themeMode`.
 * A plain button with the switch role: no state machine needed for one boolean.
 */
export function ThemeSwitch() {
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <chakra.button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label="Dark mode"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      position="relative"
      w={{ base: '10', md: '11' }}
      h={{ base: '5', md: '6' }}
      rounded="full"
      bg={dark ? 'gold.400' : 'whiteAlpha.400'}
      transition="background 0.2s"
      cursor="pointer"
      flexShrink={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'gold.300', outlineOffset: '2px' }}
    >
      <Box
        position="absolute"
        top="2px"
        left="2px"
        boxSize={{ base: '4', md: '5' }}
        rounded="full"
        bg="white"
        display="flex"
        alignItems="center"
        justifyContent="center"
        transform={dark ? { base: 'translateX(20px)', md: 'translateX(20px)' } : 'translateX(0)'}
        transition="transform 0.2s"
        color={dark ? 'navy.900' : 'gold.600'}
        fontSize="xs"
      >
        {dark ? <LuMoon /> : <LuSun />}
      </Box>
    </chakra.button>
  );
}
