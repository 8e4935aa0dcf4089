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
    ): "5846b474562197f0ebbd59677119af64cdd3f76469d7a1bcc4f85d0e81e8a756",
    (
        "grimdark",
        "annihilation",
        1,
        False,
    ): "2d5929a8c8cad70aa8407dddf75fac27316ad49b5594fd02a6a520bc0131aefb",
    (
        "grimdark",
        "annihilation",
        7,
        True,
    ): "81cf56ea1522421609c03f01010a07f0584917c4458ee3f2cde2ba0ecee4f7c8",
    (
        "grimdark",
        "annihilation",
        7,
        False,
    ): "e6c07b1279e5264002f193d60efd42ef59e70b2702c95cf7fe34a6f10b6ba29a",
    (
        "grimdark",
        "cleanse",
        1,
        True,
    ): "f31168ec60756d99f528d5f66f4a0d928ad6f50cb707f2803552368d036cedaf",
    (
        "grimdark",
        "cleanse",
        1,
        False,
    ): "d2af48bdef1b30b4fe7694c10a59f765b569076e56de685f69be8bc9368583f7",
    (
        "grimdark",
        "cleanse",
        7,
        True,
    ): "8269cb44d978d174284753d378fd369d08095414cba3541d715012c536982f13",
    (
        "grimdark",
        "cleanse",
        7,
        False,
    ): "52109c5e2746c303d594882ea6f31b202edb136bd31ac63b382be083e52963f0",
    (
        "grimdark",
        "recon",
        1,
        True,
    ): "2ef809ae1ad2a90fb4c2688b9bf4a329a525202c0eb1a20b1162a287c9d4aeb3",
    (
        "grimdark",
        "recon",
        1,
        False,
    ): "6836092e4ea835168c3b3d2fdbb689fb8b4c15ffbe4bed8549b16f9cfada138c",
    (
        "grimdark",
        "recon",
        7,
        True,
    ): "839ccd489178fcb7db7ae6028b39cedff5cf866af5da3a299fac93b70b12d6e5",
    (
        "grimdark",
        "recon",
        7,
        False,
    ): "b8e10f5c7af0efa02d23909c954a9cb437cd09d2ff342ab8e747b3eafe6c3da2",
    (
        "grimdark",
        "secure-and-control",
        1,
        True,
    ): "1034486f4201007415b02aeabbd6dcb2a1beeab070bd80557a64db7097be1b02",
    (
        "grimdark",
        "secure-and-control",
        1,
        False,
    ): "241c45849f4e0bd54cb69c837b0473145e448efb4ee85aeeb582a98132a69bc9",
    (
        "grimdark",
        "secure-and-control",
        7,
        True,
    ): "f829e21881b053015e27e1aaa40cc89e2e1ea5b02590257e2d3bd1e7f85b2c64",
    (
        "grimdark",
        "secure-and-control",
        7,
        False,
    ): "02f64b8d92e40e854c916a7db8b5b55b21d1ee13547e28a83865555e24f835dd",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        True,
    ): "a094209e7e453c8a1535cf6f95b1b4aef4c4dd61cac5629193a0f277636ea3cd",
    (
        "grimdark",
        "seek-and-destroy",
        1,
        False,
    ): "df30ec7fea3729150fb03d636c4a97a04c244bd12a83cd12ec3be475b22d5485",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        True,
    ): "1f15956d51708515b0179c0a4d9a1386da6542e0270fd5c0ca04e93ce4f283ff",
    (
        "grimdark",
        "seek-and-destroy",
        7,
        False,
    ): "6ff7988a9ed1f3baae2d8da2ef0de295c0c6907068759f4afec58d54caa54079",
    (
        "grimdark",
        "take-and-hold",
        1,
        True,
    ): "e9a7cdfaf8ca521cdb795e8aea3384b9a70f09332b4c6a283f951df56a44f55b",
    (
        "grimdark",
        "take-and-hold",
        1,
        False,
    ): "fe0eaec5905a4b7c3f35cdf22ae761b36d352f9ed0268b1ac6f934b0c76f8908",
    (
        "grimdark",
        "take-and-hold",
        7,
        True,
    ): "ad4fd6b0fa3bfc3e18dc5895390ad0e1d048e2ca302e5fe98fc018d7268f0555",
    (
        "grimdark",
        "take-and-hold",
        7,
        False,
    ): "ec09c908aa368bc033d7ee827b92aa5f4b4398482d0a982f5d5269c9205aeda8",
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
