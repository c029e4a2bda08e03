// The sim's operator controls live with the simulated provider; routes/sim.ts imports
// them from here.
export { SimControls } from "../providers/sim/controls.ts";
