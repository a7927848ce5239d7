# run: --kernel reaction_terms_T concentration_ethylene=@real5f_reaction.ce.npy concentration_oxygen=@real5f_reaction.co.npy temperature=@real5f_reaction.temperature.npy KE1=6.5e-05 KE2=4.3e-05 n1=0.58 n2=0.3 k01=70.0 k02=210.0 Ea1=60000.0 Ea2=73000.0 ideal_gas_constant=8.314 catalyst_weight=1.2
# check: out0 out1 out2 out3 out4 out5 out6 tol=1e-12
# input: concentration_ethylene = rng.random((3, 8)) * 40.0 - 2.0
# input: concentration_oxygen = rng.random((3, 8)) * 30.0
# input: temperature = 480.0 + rng.random((3, 8)) * 60.0
# A published program (an ethylene-oxide packed-bed reactor model; found by the code
# index): thirteen parameters, arrays and Python floats, cp.maximum against 0.0,
# cp.exp, cp.square, float exponents (`** n1`), and a tuple of seven results returned
# in parentheses over several lines.
import cupy as cp

@cp.fuse()
def reaction_terms_T(
    concentration_ethylene,
    concentration_oxygen,
    temperature,
    KE1, KE2,
    n1, n2,
    k01, k02,
    Ea1, Ea2,
    ideal_gas_constant,
    catalyst_weight
):

    ethylene_partial_pressure = cp.maximum(
        (concentration_ethylene * ideal_gas_constant * temperature) / 1e5,
        0.0
    )

    oxygen_partial_pressure = cp.maximum(
        (concentration_oxygen * ideal_gas_constant * temperature) / 1e5,
        0.0
    )

    k1 = k01 * cp.exp(-Ea1 / (ideal_gas_constant * temperature))
    k2 = k02 * cp.exp(-Ea2 / (ideal_gas_constant * temperature))

    main_reaction_denominator = cp.square(1.0 + KE1 * ethylene_partial_pressure)
    side_reaction_denominator = cp.square(1.0 + KE2 * ethylene_partial_pressure)

    main_reaction_rate = (
        k1 
        * ethylene_partial_pressure 
        * (oxygen_partial_pressure ** n1) 
        * catalyst_weight 
        / main_reaction_denominator
    )

    side_reaction_rate = (
        k2
        * ethylene_partial_pressure
        * (oxygen_partial_pressure ** n2)
        * catalyst_weight
        / side_reaction_denominator
    )

    ethylene_source_term = -(main_reaction_rate + side_reaction_rate)
    oxygen_source_term = -0.5 * main_reaction_rate - 3.0 * side_reaction_rate
    ethylene_oxide_source_term = main_reaction_rate
    water_source_term = 2.0 * side_reaction_rate
    carbon_dioxide_source_term = 2.0 * side_reaction_rate

    return (
        ethylene_source_term,
        oxygen_source_term,
        ethylene_oxide_source_term,
        water_source_term,
        carbon_dioxide_source_term,
        main_reaction_rate,
        side_reaction_rate,
    )
