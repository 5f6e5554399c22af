import { Switch } from '@chakra-ui/react';
import { useTheme } from 'next-themes';
import { LuMoon, LuSun } from 'react-icons/lu';

/** Light/dark switch; next-themes keeps the choice in localStorage under `themeMode`. */
export function ThemeSwitch() {
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  return (
    <Switch.Root
      colorPalette="accent"
      size={{ base: 'sm', md: 'md' }}
      checked={dark}
      onCheckedChange={(e) => setTheme(e.checked ? 'dark' : 'light')}
      aria-label="Dark mode"
    >
      <Switch.HiddenInput />
      <Switch.Control bg={dark ? 'accent.solid' : 'whiteAlpha.400'}>
        <Switch.Thumb>
          <Switch.ThumbIndicator fallback={<LuSun color="#b07b0c" />}>
            <LuMoon color="#0b1a33" />
          </Switch.ThumbIndicator>
        </Switch.Thumb>
      </Switch.Control>
    </Switch.Root>
  );
}
