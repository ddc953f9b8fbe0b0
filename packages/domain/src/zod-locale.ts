import { z } from 'zod';

// Default validation messages in Spanish for every schema that does not set its own.
z.config(z.locales.es());
