"""Golden report hashes: the same rosters, mission and seed give the same report, byte for byte.

Recorded before the engine was reorganised (issue "One house for every game system"), so any
refactor that changes a dice stream or a report field shows up here. A rules change that is
meant to change battles updates these hashes in the same commit and says why.
"""

from __future__ import annotations

import pytest

from armybuilder.rosterdata import sample_roster_data
from rules.engine.systems import get_system
from tests.support import SAMPLE_PAIRS as SAMPLES

GOLDEN: dict[tuple[str, str, int, bool], str] = {
    (
        "grimdark",
        "annihilation",
        1,
        True,
    ): "498407b2b42b28c02a3764d328196148681e0c92064fe63386b4e2c7b1587066",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "46b3ba3fc700531163da3a99e8391c4144770745b8d1519153e33e3307e5d28d",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "e3cf44824ea1037f8d9acc17e718ebde5c52181b60e1a729854a294ac5252367",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "ee6667d3170fa54caef6d098f88ff8873686782056058139c83d094af8d49e92",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "fca01b9838da4ddd48cb2149003dce606f9098a1ca54e91800749eeae08e275e",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "e9ba51c9dd81db55f38dc41b2465548cadda0fba59e2b72a664c8122f8db8cba",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "b2f59f5640b4cc04508ae0aa5f6895831988c99ddb8479068b4cb46a3c96ad46",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "b9fc436256a1868ffa297a1d6a627c64bc9ca21bee0013f8300a3a1429f034d2",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "7890839694cbe66f14ab81459293f8dadcd3b7697ff15163ba64c186cbf4f383",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "2e84cb639ad537dbd888a55ffa76b21b10aafbed4fc903a1726628816e7796c6",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "b27cfb4a4a7e89c35f36f03105ffd5894f9f510537be3bf7773d86627ca8a89d",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "781fea671c554c2905338f1c67f39ad25742170e84397f32a186caf0e58c49d5",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "4438d3afd39ca290100eacc497b7e9aa67c542194c0ad624a50c7bcf6d384a75",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "6cbe2c9fb1bede013787a93dc30f147ee5ecc902f975af62a534299b50241422",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "cea8124bf9c82e1fe6c6cd7fab346b3a568f6fe8964f5cfc2d512b9d172de95c",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "a687c081cff745a7a521c32c75eca19777eda562e88ddc25fbd5de3b9b1017da",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "a439e05f9168aca2f8c55510d955be2afd1d58c1ba68df459f8d08484544daef",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "11eec61b9fe7734a735b069898a8d30ac2529e6791a7e0c655e90be79ded8e19",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "40900d89925dc5c06f2c7a0abdda7973335582a074ba106fb5f8961ae8b565b4",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "60cf6ed9d959e50b1eaabe6f01d25e30b120d178ad084bd875a6960e3e68f181",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "0f416a0d73791e766e40097532d2ccb40f2ac541d10e6f19945f0c8e497bd71f",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "6eebc1787808aa58fcebe96bb901a10325459225e1f7791ba432be0d8a54f402",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "39b39ef88f50bf7ed92d81ac31f860b102eed321e4c4a1582b04526ed4ddb5c3",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "c5dff742caf37e3e20c79d89671930413a2fc7dd514138faf05fc14cccf78cf9",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "6c2f6066a86ee6cd3c80a81cd08ed84ba3646b9e29148a8a8e18379138db1c5d",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "0b0b6de7926bfb5921277a037f9501db43602ee7014cdd888735a7c148aeac8c",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "f5636f538f2714cb600c5fcff22ca070d49352e2d840ba1bb8df8d337a251c34",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "2fdcdc106512ca3d34f4c8be236d08902609095655e6216c5c105021f41b60cd",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "798f68a8052342de9d26af5a344fe837ac0434f4e1108d556d786b3f41207bb7",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "d94b4a1399aef85b13891f06af2191446254f420ffcb638e8bfcdba4cccc2327",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "8455445e943e48ec1b9d00585037a3582a5a0018fcbbdc06852ccfb070c6420a",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "776bc97486c58cb93889c2496445634638e52202090d4b59168bf720f4be2302",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "e1c55e79039060e3f4b561c0b391642465e80ce18a048145f83896230728a50f",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "70ccb15e4bdcba90ec2bea90414d8ee796fe3be9c978b0082fe0e42fe7ae98dd",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "ce9a6282e79c24e9c1ab9c84cc3fae2a7c665743857062437957581a5ab9523a",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "aee7affdb455566df6a23b8b20a9f663e67184288ed441716b03748ca5b98464",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "26956a00cb274f3f8cac629cacb7292da8b7a1184ce3f5c76441e0fc33f1faf2",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "05ef789428c500b7a39433f10101a88d98d6f307c38519257a891c126fa23b0b",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "b554be4d28824e4ab66a9f475ae986b4fb613214eeeba143db3ac11d8722de06",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "1168fee850c8eec23990d17c56c9d0db6eabe90ae344771f1df005cf062723f1",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "e868bdea9f7a7c5e3635c4a2f5ee0a1aa4650721e0485bcd0f304888cafebf50",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "f26150b1ca1adcfe97adce5395c1f94c7fb5b8df9797eb69467798af5b8c45e7",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "0d4bfde5a6a5a35a295a24c1800b414c25d9ae13622475810adae97d66cb08b6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "4f8e698129c3785fadcfcbdea45ee3268570ea10394035141f7d41c3776a00eb",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "97933dbea7db5cfb1558fe559251995659fa35a90fe9ccc96bb978036e8df5b5",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "45f66124a600062c07d2f07a23ce7e77203d960fc42292da10a77df9a6e2c3a8",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "222405265000f0818c49eab9cb9703a65cfce854df6e7ccfda6799efcc19a51d",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "c8454ac43b8c196f9201ee4b972a1cb97466e767655f7543611b627b88abe00c",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "d0dd6698631c584337e818cf33e831e3742d83c0199d79fa0e77624de45aca27",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "312940ef6f49d88d572367ac8f78399b89ffc4d12a008b0f643da8b5df5841ac",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "e148ff593dc3d44a622d3e89698246f35a80d1db240e366fb2f12d5dd401ff5d",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "f5d2765779b259e16b74a09f598b80d89ca7e4cd924b1c01c490c16b30338459",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "31483b8152962702197d170260ac52b18df66d0f59a1ed6f97f88f831f207997",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "03a583e5598761e2791230ca604267de14e72ad060502593d5ed1e907772545a",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "37a42440c76c31ee8e87cd92f3b82365890013fb8fbcba397f88ba8def73ef7d",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "a5682c4eb4bc7289923f5014606e3ce4138e617e2645bcc67b987f136e116892",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "1795b9fe380db0880a62ca7039cdf5fb0ab524a18b7ae6c31f58dd92a38c8ea2",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "faaf8a00c5be5f19bc2f14e953875c176b77fb711e82e9a04f12ead426dd9b5d",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "b84e70e2637914219a76af1430c693e84b81ae779d0e5a9bfe34503453d0e198",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "a60f726bb35d54974a46723459c21496453f236764c9337b9a6e787ddf9573b7",
}


@pytest.mark.parametrize(("slug", "mission", "seed", "log"), sorted(GOLDEN))
def test_report_hash_is_unchanged(slug: str, mission: str, seed: int, log: bool) -> None:
    system = get_system(slug)
    roster_a, roster_b = (sample_roster_data(slug, name) for name in SAMPLES[slug])
    report = system.resolve_battle(
        system.build_army(roster_a), system.build_army(roster_b), mission, seed, log=log
    )
    assert report.report_hash() == GOLDEN[(slug, mission, seed, log)]


def test_every_mission_of_every_system_has_a_golden_hash() -> None:
    covered = {(slug, mission) for slug, mission, _, _ in GOLDEN}
    for slug in SAMPLES:
        for mission in get_system(slug).missions:
            assert (slug, mission) in covered
