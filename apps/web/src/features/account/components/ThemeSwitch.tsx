import { Switch, useMantineColorScheme } from '@mantine/core';

/** Dark theme on or off; Mantine's color scheme manager keeps 'dark' or 'light' under the 'theme' storage key. */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Switch
      label="Tema oscuro"
      description="Usa colores oscuros en toda la aplicación."
      checked={colorScheme === 'dark'}
      onChange={(e) => setColorScheme(e.currentTarget.checked ? 'dark' : 'light')}
    />
  );
}
