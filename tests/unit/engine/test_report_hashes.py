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
    ): "8dbc1835244e54a35ba31e4a51238c1589aad99ba99544126aa8b7e58596bf2e",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "c54a063ee596e9c6742b108da3a1743dfc67dc37ac68695b47c943eac5a8e36e",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "39d20116f82a52a598127fc8512879a9db04236835445ae7fd30d296d615014c",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "097c8ad97fd41f7ad0f590acf55942c03136bb538d6d5f737734bae686bdb216",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "c2af406697f62211d91b07aa77a7809cdb7cbf9d2c2164c9247bc8638ba8b2e4",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "5a5a02ccacdcc2266e4cefd741aeb2fd905e02a8ab494d4978da98951873678e",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "aa6ecdf9b83e28e053b869b7433d8e1011c22986cab199f3382dceee643f03fe",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "c7ade3c41b8f239e4b7155e1a473d5372c04e8d539cb49bd2e4ffb97f7848d62",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "5f4af613e5d9fe34c48a0ccb8e206f570e6057da059b00e2d51842991cfc1749",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "4fe8d69202ad54797cf1da709f025cd4224bb360c2f55c7c1837f23e8598e858",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "fa7ea7b8c7a4de9a0a7f03d0e1bd621bb27149e6ccfa98475f404cbccfc071a3",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "d63b50c1f09c91e1e85bced66f5a7a73b46ce56668d4e908141f201cc532eb0e",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "b3199e595c80a0b75ffe8ca3c8021eb044e203c3e3d4b43c60199ece1d4d2a89",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "dda9e5c7166ba035e853acdc0eb9ca56ba30a5efcbbc24cd4d9fbfd97249678d",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "eb0159c69b207f1c901138f077178adfa96ea9cc6abaa892dbc6f72d8e6d0957",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "dff8314ddb5bb8ebc75feea8b4f444813fd351beb269ef21fe9f3c047039397e",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "148bb6c5dee6be0345627dc02f70ab0b533c3ef161bb80c3a309481db47c8ebf",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "a93b1cbed8c75fb23431d904dd8ec6fa0cc888e522f7349cca9ad37056032505",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "95f05bcd2c4a32b9b3abe0c07ab79b7cdf5cac414a8c615d13a39d90e0832783",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "63db53af26fdf0e482d3c0dcdeb482adf9015f45f048faf55aa7a62a4ac2cae5",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "73b6e1198b93ca5e9d85b7502648206a5af66e452c86eb175d73f399db3c7992",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "7512f7f8edada6fb192af6b5c61f9d5e96f4d3492bde0401c2bbb4cd5e7e9eb4",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "b045ecc92eb10dc30d8aba6c58a1de9fafba15c72460c9984a19d5101ae64747",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "5977389a6106a4698472542abea3305181f5125d55aef572198d62e2f3902232",
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
    ): "bdccf8e6a2b4c560242358fa787c8496a0923171552abcfa7ab8767efabf805f",
    (
        "massbattle",
        "battle",
        1,
        False,
    ): "50dbb2af024dd82fc47266e81d240a4732c1de28ff3155d35dcfd9dbe628403f",
    (
        "massbattle",
        "battle",
        7,
        True,
    ): "ea6524bf45b6cf0a202b0b255e1ce1e2c9a33414b591256f43e336feb9daf20c",
    (
        "massbattle",
        "battle",
        7,
        False,
    ): "28bcb7ce41401005fc886a47d7385cff8767ae06e2c7947701d888cea2c56442",
    (
        "massbattle",
        "kill",
        1,
        True,
    ): "f6f0b054dc692c16e20388353312f59efec3f6309c91c58414816418055bc464",
    (
        "massbattle",
        "kill",
        1,
        False,
    ): "5bbf7a3692547e574fb5d1bac39e26b63ce20286b72f467c632a4ad2c7638323",
    (
        "massbattle",
        "kill",
        7,
        True,
    ): "6fdc8478240a311c126ecd2e5bba767e8e5f0b0f76ea7526b26287d210feee40",
    (
        "massbattle",
        "kill",
        7,
        False,
    ): "643b144d2796493d60c5ca04445bbfb71c06ebe84e0d028e8d279955e8c3a48d",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        True,
    ): "4ca3932eddf8fbce3ddedfc3c9352e82fa06cb3e139e3a96bf06a10c07dfdea5",
    (
        "massbattle",
        "kill-and-pillage",
        1,
        False,
    ): "d21b707879c1e592bfa8000391082281ec80a6ce7313a0b16dbd004887296437",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        True,
    ): "f88d173c1bc203e883ad9835edfa0c91ec04a14a756eb148c33d9fa7dda60c83",
    (
        "massbattle",
        "kill-and-pillage",
        7,
        False,
    ): "964285b795559926a4cade6f1b4fd6f75b0b8011059e39917dbd347ba56cab5f",
    (
        "massbattle",
        "pillage",
        1,
        True,
    ): "f9299a7a59af509f400a63278e5ab6055d6a4fe24cc6812b623bdddc3d4d958a",
    (
        "massbattle",
        "pillage",
        1,
        False,
    ): "c195deaaeb5471d5cb75a68b47722876f839422bb7438c331a7261967176363f",
    (
        "massbattle",
        "pillage",
        7,
        True,
    ): "2496e94e6ab35dc2e5793823b839a5e7e3f5eeb209e858337a3bd6f9fff28043",
    (
        "massbattle",
        "pillage",
        7,
        False,
    ): "066ab3e9a9a065f0ef64405eed9579ffd1fe9d8cdee4d55d8c146189ebb2aa61",
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
