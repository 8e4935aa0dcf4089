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
    ): "ce18f63dc5662ae19fb7f9b4fe8476cdb192b95ed27436e33c26f8a04dd81e77",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "347133870ad96a782ac60530e22bc9575d311aa86436a84cca6b6e7ec20cc8ba",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "9dbbaf6113fdc507c162266d747ea5acf49aa6cd9abac56a7ffca6a89543ca54",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96e92f1cbb1cb2a20f877de2a2b3cf99392fa3dfaa82bd152c238175df66b7b2",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "c95253b1eaf9a52b690a86061e96aaa500026dcbf37ac0c7349e084eccfc9df7",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "58ba1ab944e97a1d391c20f0351c3d4c9776827d9f1446a5c6b09d1afe7e5ab9",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "726f67ac0ee73d034ab7e71495c9d644ef256c7cdd3b7976297bc50ae9cb5ba4",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "ed3a6dd604097a85b3f77603595f6567425a6366467744302317419f50ffc582",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "66f03d06a58cdf17670f2779dca74b5d04d3c87f1743c57833e8d871b0389a83",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "6cbb88b70e31ce571cd536e452605347ee41eaaa8c492b7251ed812e3cc76ddc",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "33186f485726ccdc703e5363865cce96873389b50136b6a5d157b190268f0527",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "d73f6b94c3b875e08fc539316a600e51d8aa97a429e3c22a82dc407f74395c9d",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "d24423a45d8dffe0af7908f640e42fc337a32e246f28731270d81f15858d79ab",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "edde6e8528c849279e776957568554c7314e0c723f99cda364c3f812a43ceb2c",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "30f84701a7bbad98a2db77ab491642bcaaa304b9bf56ff5793fdeb45a15f4441",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "db719f01d7034ec5ff727e15d5718470978ae2899319c067f5ca613abcb40ae2",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "d54a21956f69b1b565052cab7a3f25c418fb2a49ac2d393e0c1a27db6dd639b8",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "78cc0c4468fc45ef0810f67b12b3c6bd3275879587a3f9af17bbb204df735caa",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "4c61fbc7fb99d89d7beb2a880f53481cd8b71a56a0bdab7e991421ed898106b5",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "f346648818b2e5d93c40df9253ff00f541c5c6f8be013d753c9c1fe2bbe6c4c8",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "f9a4190d3aa93830c929f9f9e8421fc0de8c420634f4c70d4c8c045358ed14c2",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "d78bd862a75639210c7ab7adee7ab2a1390d27a0668eef0449cdc202b372c98c",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "2f6cba4b2bd9061a720f8524cbf63d248340f6cd0a0db9cdc503f3d5cac1326f",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "301bf9df250f8303e33e42c824787ddfe1d3a25f22f11e2b94a5b5afeb6a5572",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "3196b76f328a00f6fe077b36a5273ae4b72bca976d8c42c5a419db20d10f2fbf",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "134cce48dfc8fea4782c6b00200a31e2cc7a9fe4e01d5d935b952e157eff15f7",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "fd71c8e73a8acd9fe7e1b9ce8dadf0de4ef3a472faee3d739c71d2d733c850f4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "301b9b2b652b969a11ad9b5614d712384095cfd13784b50da81e5409dd406d2e",
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
