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
    ): "abaf447e04a1b0c972042bc9fa1bd58cec31f8fb95a2004eacd53ad32a0410bb",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "bc0b0346e958cb129d86793794388a82f54687a05a139cc82ff000b0cb0ac63b",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "7defb1906c4ac078c514d47f2639502d36fd81ca17f5472ce9d7446a03dd0ca3",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "9d2290000ccf3979c58ad655b41705fa989412cca4283a66cdd0c0d0b9b5ae0f",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "964ed2f48003d6dcebeb04a8049a607e94334c710085801a3f5f3c53b636f26d",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "4abe2ea53562f39caaed7fc05a68ac6d776ba5c26ed6ec997db1d2e42f1463f6",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "a19e307f041c427545223a1308bb4ca45a295818ee86293d7c5bc0c8736f6c00",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "2898a71b11038863bf0f6b8cd499446652d0f5ab44e7ab7c9dd02602a85d2e12",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "68648fdfb3382c0394713ceea2fd33365873c1fd9339d2ed2930979b93a11406",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "ee7ec5ead567120b1d4d242ab89e16159f187f6a73d32bffbef51324f42c19db",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "448dc564ed548c9a5220bccf896e2cc58a3d784122caecf92977e5eacdc7cce7",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "aa8f849b54b2b0873c2639aad9c81ce7f2b318ec2d7e9d3947cae932d3b88e77",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "033b248d25c3dcf9dcaa7c8d45f8ca18e999d723d26c7eaa8152a35cf5d3e012",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "9fef62b1cc399e675f5c708de7b59be81bef77a1a8858ff0dd0f0713355ad45c",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "bcc721ea850b9a3312e5758da0ce1fbaa7c1987f91fb3f651a8fe1fd7c2d1d7f",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "8809e858025da79a02b1754856860c61cd1890615e3ebdb3d5b2a32da1c9610f",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "526a9f3f6e4a004b85b6b1531c44cb60eb999f927d516833f0189ae02537e1a6",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "1b61f41add39d6df825005dcfe8f434053aa18e27ec2371c4b1fdc3c7c08e649",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "386f3cfcc6fd228e4103fba2eb32de49c79da6561a73a80def0afb18e7eabeee",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "bf456a99d1096bd9f8f64e40d7625ee98ed857a6d1e06b099f936e80b46ecc73",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "bf013d041896b524dda6947a42b89f1e98cee3852dcd6ea89dcdf1b8c26ea8c7",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "7650cab825ce91fac369699ed12eb8fe3a2c63cacf3cca2a295054713c0d7bef",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "5ea34cb27398e5a13ff63bcd53787fe3963f0c9190f9dda2548d25dba2752bed",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "cf6adc7af9bc903853f2f38d4aeb4c15d8f07d8780a42e2cf2697cf0bbd91c0e",
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
