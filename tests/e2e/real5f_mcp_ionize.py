# run: --kernel get_n_ionization_electrons energy_loss=@real5f_mcp_ionize.energy_loss.npy
# check: out
# input: energy_loss = np.concatenate([rng.random(30) * 0.01, [-0.001, 0.0, 0.5, 2.0]]).astype(np.float32)
# A published program (the same millicharged-particle simulation): module constants that
# are Python floats read by a bare `@cp.fuse`, a parameter rebound to
# cp.minimum(cp.maximum(1e6 * energy_loss, 0), energy_loss_cutoff), float32 times Python
# floats, .astype(cp.int32) of the result.
import cupy as cp

# cutoff energy (eV)
energy_loss_cutoff = 1e5
# from https://lar.bnl.gov/properties/
energy_per_electron = 23.6  # eV/e⁻ pair
survival_probability = 0.6980  # % (survive recombination)


@cp.fuse
def get_n_ionization_electrons(energy_loss: cp.float32) -> cp.int32:
    """GPU vectorized function to convert energy losses into #s of electrons that get detected
    :param energy_loss: energy loss in MeV
    :return: num of electrons that make it to readout
    """
    # convert to eV, get rid of negatives, and put in an upper threshold (otherwise, the long tail of the landau makes
    # some super huge values wash everything else out)
    # todo eventually ask Mastbaum if this cutoff makes sense
    energy_loss = cp.minimum(cp.maximum(1e6 * energy_loss, 0), energy_loss_cutoff)
    # number of elections ionized
    n_electrons = energy_loss / energy_per_electron
    # number of electrons that make it to readout
    return (n_electrons * survival_probability).astype(cp.int32)
