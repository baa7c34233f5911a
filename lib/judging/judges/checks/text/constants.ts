/**
 * Physical and mathematical constants an agent may rightly supply although the user never
 * wrote them ("use g", "in water"). Matching one makes a value plausible, not proven.
 */
export const WELL_KNOWN_CONSTANTS: readonly number[] = [
  Math.PI, Math.E, Math.SQRT2, Math.LN2,
  9.8, 9.81, 9.80665, // gravity, m/s^2
  299792458, 3e8, // speed of light
  6.674e-11, 6.67e-11, 6.6743e-11, // gravitational constant
  1.602e-19, 1.6e-19, 1.602176634e-19, // elementary charge
  9.109e-31, 9.11e-31, 1.673e-27, 1.675e-27, // electron, proton, neutron mass
  6.022e23, 6.02214076e23, 1.380649e-23, 1.381e-23, 6.626e-34, 6.62607015e-34, // Avogadro, Boltzmann, Planck
  8.314, 8.3145, 0.0821, 0.08206, 22.4, // gas constant, molar volume
  8.854e-12, 8.85e-12, 8.8541878128e-12, 1.2566e-6, 1.25663706212e-6, 4e-7 * Math.PI, // vacuum permittivity, permeability
  8.99e9, 8.9875e9, 8.9875517923e9, 9e9, // Coulomb constant
  5.67e-8, 5.670374419e-8, // Stefan-Boltzmann
  343, 1000, 1.225, 4.184, 4.186, 4.18, 4.2, // sound in air, water density, air density, water heat capacity
  101325, 273.15, 6371, 6.371e6, 5.972e24, 1.989e30, 7.348e22, 1.496e11, // atmosphere, 0 °C, Earth, Sun, Moon, AU
];

export function isWellKnownConstant(value: number): boolean {
  if (value === 0) return false;
  return WELL_KNOWN_CONSTANTS.some((constant) => Math.abs(Math.abs(value) - constant) <= constant * 0.002);
}
