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
    ): "c335e3b126158bade7a7e394de6f03751f09e958df80eb9802ca5cb2501b62be",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "84f1a812b569dc863dc3790355ed0e5b037db97214936b358b28b5837ad1ae9f",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "d6a98a85f492e33429573f01bdbbd9c554ab0aaf832c022f53d9407586c916ec",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "73cf25b9051152460208e5175958325ab715295e6eb68ae161033fbeb1e3e91f",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "14009fcc6bbda5f83772b7d66b4ef59a0a65a19fcbc116b2413c7743a3498332",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "b83639789ee2953a247458a05f06b5ba625e86b745ef9a3b879d60513bead69f",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "092580a58cbcb1be084e90dd193a9aa16517efe78882c690cf2391059a2ec6cd",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "8a3b584a8f6c2f1be15e9808107bfe10af5903a9bbea9707cd526e2d256e2623",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "f95d894c5556963a129048990c8d2bc17b8dad7434f5cafad224c10c99e251f8",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "57852bfca9b37c0044b9349a56cf57ca4bf30d5a6ac54f57e3cef77e27feea2c",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "9b30e5030aced98cbf5bd7c4f844769bec39cae29a8c465cffff53d5f260f8cb",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "11eb881660e2caadae62da4b421310588889ae41a0ccba8256c3f52045fb591c",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "0de136fc5cc57488fa68f32a27b9bf12317c7cf9b7e27c823225bfe1b28c9703",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "6e2eba7ce376abc22dd9b3daa93b26a87a90b168df51ee65824a009edbc95d52",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "ebed4273b486abd1f3f25ce50d813ed73aab74b8af59d4188050dca3375bc16f",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "2964b3370cc34b0222242ad740cfbf3a4ca7c0da48fb767101fc3368a222f31c",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "cf600a95dc1e5cb77adc70cfa0d836a8117462053c51ead56f405634b2cffce7",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "52ee246ce154d2f5eb82a229cf116e5168b39e3f0e6962e4cbb5c47933fe8975",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "711bc923602fb868beaea28e24278367a7eb14da63ba876e8f339dc9324b7ff2",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "0ff800c5ee1078e0e8baae8331607304415d7664e0a0d38743184d6ec04d123a",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "c198ee2774b8c955bed22c0d811896221da35789c4f20266507ffe5e204c3cec",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "47ec2ea0a03d0b8539afa712d44a3e7b25a6224b91ab3857496d5a208f3acee1",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "8c838a485dfbb90936bd229e1ccec8d97438b80572066d8b10205c5ce83a14eb",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "b0062d8bdc885226c6577e4b898f92675862c75cb74dfd44ce5a6940a6a20d6f",
    (
        "skirmish",
        "breakthrough",
        1,
        True,
    ): "9446c711f0eb7a2a489dbb11ea6ddcff3b789fa62a9e039966718a9e7349c862",
    (
        "skirmish",
        "breakthrough",
        1,
        False,
    ): "f9e093374596eb754d9abfb24b609dc419a2b26ca596a17dfbf5cc5347c03740",
    (
        "skirmish",
        "breakthrough",
        7,
        True,
    ): "3cfeb18cec9caf44477d28a759e472364ea307c39c91451ece24a8f39ea6ce36",
    (
        "skirmish",
        "breakthrough",
        7,
        False,
    ): "96353ec35fb3403f68d48e37d450feb1c85f7f978638b5b3adb97c8bd054054a",
    (
        "skirmish",
        "skirmish",
        1,
        True,
    ): "d6b9c0cf769f310b7f18b94ba5802017d074b0040b930a0ca6722a6af485c304",
    (
        "skirmish",
        "skirmish",
        1,
        False,
    ): "cbf8a729d6b987a550ee0e0c9cf531e2e5be4a948e895f7e7ff1cf9fa8c1e52f",
    (
        "skirmish",
        "skirmish",
        7,
        True,
    ): "c9b6a38cc3ef06229948388096dc670a09897b3c0d872c7ed384a83dc9dd2538",
    (
        "skirmish",
        "skirmish",
        7,
        False,
    ): "fb5d7342e78902310f62add268d1c704c9746cfa5ee288ceeb010f23ee6684c8",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        True,
    ): "1614fd17b6eb535db03d5ed71f6e117111f4569e62c6bf878cb5e9bbb580caec",
    (
        "skirmish",
        "wyrdstone-hunt",
        1,
        False,
    ): "796e16fb041efc1cf74bf4e5e7f3bf62fb4b1a234762aca881abe0a0cde56aba",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        True,
    ): "d668e13088df505cf7f9fb023946878ed08d70e1f9a8d8fe9e6eda4d4410f819",
    (
        "skirmish",
        "wyrdstone-hunt",
        7,
        False,
    ): "4510f817520b488ed0a641560fd5df183009e1016f4a1d7bcb755129b72871ec",
    (
        "massbattle",
        "battle",
        1,
        True,
    ): "2e86f82d2f26df5918fbc392d59893b75fffddfdca0f8baedd666b4078d7e18a",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "0ba5cfefa485768804d9a4a556916ac3ae7fe30d08b1fe9049d69246905d05f5",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "e32140216ae974893b8a1f5376c1025ea4767ce9a12d705a2a76fce35ca5d6e3",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "61535f330d9258122093a16950126beba3d3da093ec81871dfda838884b1746e",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "0f7b82807f63ccefbf6ff171cb95d00aa5faf35865057fc6015436df58f4c3f9",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "84b11054e2ea38a85ac2ea05bf264bdfd68726222fa8bb2eea48396346604033",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "7a156310405ed492bcb36420bba2d58c4fdb38a3eb576a83ed25fc4440b5e4c6",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "3b4dfec4273a39f447f2110420812b568b49f582465b94a89a1b86f3e7a9735a",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "7bdc395c094343be07789c1fd56231f466c941935cd7a8bc722d8e838fb22d04",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "dc30e250034a6ef4186a90fa9acd86f48c9a9e648e0069fd93e7c4ec369cb211",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "a5c66355b8d1741d930b1a6060db1a37813bf8dd6569a8e61f9a4a4f0c711962",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "2bcf9287e2cecaa275fc62b56e8f23c7d15205c2e3b93b2283dff46d5dcd13af",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "45df02115fe75e536c749f0539781bec986fd8c251edd3f169a6eb9b9584f1bb",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "331ee7d59d613edb5fb4a0392ffdc694381629b016910fb3b0885348d74c4786",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "5040998b2b8c9a962c88c01e52120de5106ccbc80bfa3cfe5323f4357a7afba4",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "d227fd87b94c8e7b920e8c7741c38be75ddeebd2ab007404ab5ffc9deb00db53",
    (
        "hextactical",
        "duel",
        1,
        True,
    ): "a266cd6756caf44d8831e33d5a3e4da0ce91a67d9eace6847d8b903fe6681c9a",
    (
        "hextactical",
        "duel",
        1,
        False,
    ): "69f60252a7ef8fd9dcb1385ef21f73c1d0c49176e62f4836b693754fa38dd326",
    (
        "hextactical",
        "duel",
        7,
        True,
    ): "0921654a9be1c8aff012f022a7b2879586ab6b304d2a1ca89285ee9dbdcd7e05",
    (
        "hextactical",
        "duel",
        7,
        False,
    ): "763eae78f37810319df2790d8387052a2d5f3f13b998ac2a9a531fdc8dab023b",
    (
        "hextactical",
        "skirmish",
        1,
        True,
    ): "1c66d8c665c93998199dd5dc0dc906555546b89914464538882bf085cde0721c",
    (
        "hextactical",
        "skirmish",
        1,
        False,
    ): "8eb5dbeedd306c4c5a1c2384de75274679a380b15820c79e3af16800e2ba40ab",
    (
        "hextactical",
        "skirmish",
        7,
        True,
    ): "afd4ea3eab82612cda011de14753a5e7a5a6ac8e55845c7af3fc1461115e219e",
    (
        "hextactical",
        "skirmish",
        7,
        False,
    ): "c9e20480ebc2835bd1ca2d2f024a9e9a8bf963df69162319fe77bb3dcfa3aefb",
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
