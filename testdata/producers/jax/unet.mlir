module @jit_apply attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<2x2x32x16xf32>, %arg2: tensor<8xf32>, %arg3: tensor<2x2x16x8xf32>, %arg4: tensor<8xf32>, %arg5: tensor<3x3x3x8xf32>, %arg6: tensor<8xf32>, %arg7: tensor<3x3x8x8xf32>, %arg8: tensor<1xf32>, %arg9: tensor<1x1x8x1xf32>, %arg10: tensor<16xf32>, %arg11: tensor<3x3x8x16xf32>, %arg12: tensor<16xf32>, %arg13: tensor<3x3x16x16xf32>, %arg14: tensor<32xf32>, %arg15: tensor<3x3x16x32xf32>, %arg16: tensor<32xf32>, %arg17: tensor<3x3x32x32xf32>, %arg18: tensor<16xf32>, %arg19: tensor<3x3x32x16xf32>, %arg20: tensor<16xf32>, %arg21: tensor<3x3x16x16xf32>, %arg22: tensor<8xf32>, %arg23: tensor<3x3x16x8xf32>, %arg24: tensor<8xf32>, %arg25: tensor<3x3x8x8xf32>, %arg26: tensor<8xf32>, %arg27: tensor<8xf32>, %arg28: tensor<8xf32>, %arg29: tensor<8xf32>, %arg30: tensor<16xf32>, %arg31: tensor<16xf32>, %arg32: tensor<16xf32>, %arg33: tensor<16xf32>, %arg34: tensor<32xf32>, %arg35: tensor<32xf32>, %arg36: tensor<32xf32>, %arg37: tensor<32xf32>, %arg38: tensor<16xf32>, %arg39: tensor<16xf32>, %arg40: tensor<16xf32>, %arg41: tensor<16xf32>, %arg42: tensor<8xf32>, %arg43: tensor<8xf32>, %arg44: tensor<8xf32>, %arg45: tensor<8xf32>, %arg46: tensor<1x32x32x3xf32>) -> (tensor<1x32x32x1xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg46, %arg5) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x32x32x8xf32>
    %1 = stablehlo.reshape %arg4 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %3 = stablehlo.add %0, %2 : tensor<1x32x32x8xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x4x2xf32>
    %5 = chlo.square %4 : tensor<1x32x32x4x2xf32> -> tensor<1x32x32x4x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%4 init: %cst) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_0 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %8 = stablehlo.divide %6, %7 : tensor<1x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_2 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %11 = stablehlo.divide %9, %10 : tensor<1x4xf32>
    %12 = chlo.square %8 : tensor<1x4xf32> -> tensor<1x4xf32>
    %13 = stablehlo.subtract %11, %12 : tensor<1x4xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %15 = stablehlo.maximum %14, %13 : tensor<1x4xf32>
    %16 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %18 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %19 = stablehlo.reshape %18 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %20 = stablehlo.broadcast_in_dim %17, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %21 = stablehlo.broadcast_in_dim %19, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %22 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %23 = stablehlo.subtract %3, %22 : tensor<1x32x32x8xf32>
    %cst_4 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %25 = stablehlo.add %21, %24 : tensor<1x1x1x8xf32>
    %26 = stablehlo.rsqrt %25 : tensor<1x1x1x8xf32>
    %27 = stablehlo.reshape %arg27 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %28 = stablehlo.multiply %26, %27 : tensor<1x1x1x8xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %30 = stablehlo.multiply %23, %29 : tensor<1x32x32x8xf32>
    %31 = stablehlo.reshape %arg26 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %33 = stablehlo.add %30, %32 : tensor<1x32x32x8xf32>
    %34 = call @relu(%33) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %35 = stablehlo.convolution(%34, %arg7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x32x32x8xf32>
    %36 = stablehlo.reshape %arg6 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %38 = stablehlo.add %35, %37 : tensor<1x32x32x8xf32>
    %39 = stablehlo.reshape %38 : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x4x2xf32>
    %40 = chlo.square %39 : tensor<1x32x32x4x2xf32> -> tensor<1x32x32x4x2xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%39 init: %cst_5) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_6 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %43 = stablehlo.divide %41, %42 : tensor<1x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%40 init: %cst_7) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_8 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %46 = stablehlo.divide %44, %45 : tensor<1x4xf32>
    %47 = chlo.square %43 : tensor<1x4xf32> -> tensor<1x4xf32>
    %48 = stablehlo.subtract %46, %47 : tensor<1x4xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %50 = stablehlo.maximum %49, %48 : tensor<1x4xf32>
    %51 = stablehlo.broadcast_in_dim %43, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %52 = stablehlo.reshape %51 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %53 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %54 = stablehlo.reshape %53 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %55 = stablehlo.broadcast_in_dim %52, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %56 = stablehlo.broadcast_in_dim %54, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %57 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %58 = stablehlo.subtract %38, %57 : tensor<1x32x32x8xf32>
    %cst_10 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %60 = stablehlo.add %56, %59 : tensor<1x1x1x8xf32>
    %61 = stablehlo.rsqrt %60 : tensor<1x1x1x8xf32>
    %62 = stablehlo.reshape %arg29 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %63 = stablehlo.multiply %61, %62 : tensor<1x1x1x8xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %65 = stablehlo.multiply %58, %64 : tensor<1x32x32x8xf32>
    %66 = stablehlo.reshape %arg28 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %68 = stablehlo.add %65, %67 : tensor<1x32x32x8xf32>
    %69 = call @relu(%68) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<f32>
    %71 = "stablehlo.reduce_window"(%69, %70) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg47: tensor<f32>, %arg48: tensor<f32>):
      %368 = stablehlo.maximum %arg47, %arg48 : tensor<f32>
      stablehlo.return %368 : tensor<f32>
    }) : (tensor<1x32x32x8xf32>, tensor<f32>) -> tensor<1x16x16x8xf32>
    %72 = stablehlo.convolution(%71, %arg11) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x8xf32>, tensor<3x3x8x16xf32>) -> tensor<1x16x16x16xf32>
    %73 = stablehlo.reshape %arg10 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %75 = stablehlo.add %72, %74 : tensor<1x16x16x16xf32>
    %76 = stablehlo.reshape %75 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x4x4xf32>
    %77 = chlo.square %76 : tensor<1x16x16x4x4xf32> -> tensor<1x16x16x4x4xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%76 init: %cst_12) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_13 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %80 = stablehlo.divide %78, %79 : tensor<1x4xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%77 init: %cst_14) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_15 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %83 = stablehlo.divide %81, %82 : tensor<1x4xf32>
    %84 = chlo.square %80 : tensor<1x4xf32> -> tensor<1x4xf32>
    %85 = stablehlo.subtract %83, %84 : tensor<1x4xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %87 = stablehlo.maximum %86, %85 : tensor<1x4xf32>
    %88 = stablehlo.broadcast_in_dim %80, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %89 = stablehlo.reshape %88 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %90 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %91 = stablehlo.reshape %90 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %92 = stablehlo.broadcast_in_dim %89, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %93 = stablehlo.broadcast_in_dim %91, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %94 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %95 = stablehlo.subtract %75, %94 : tensor<1x16x16x16xf32>
    %cst_17 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %97 = stablehlo.add %93, %96 : tensor<1x1x1x16xf32>
    %98 = stablehlo.rsqrt %97 : tensor<1x1x1x16xf32>
    %99 = stablehlo.reshape %arg31 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %100 = stablehlo.multiply %98, %99 : tensor<1x1x1x16xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %102 = stablehlo.multiply %95, %101 : tensor<1x16x16x16xf32>
    %103 = stablehlo.reshape %arg30 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %105 = stablehlo.add %102, %104 : tensor<1x16x16x16xf32>
    %106 = call @relu_0(%105) : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %107 = stablehlo.convolution(%106, %arg13) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<3x3x16x16xf32>) -> tensor<1x16x16x16xf32>
    %108 = stablehlo.reshape %arg12 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %109 = stablehlo.broadcast_in_dim %108, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %110 = stablehlo.add %107, %109 : tensor<1x16x16x16xf32>
    %111 = stablehlo.reshape %110 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x4x4xf32>
    %112 = chlo.square %111 : tensor<1x16x16x4x4xf32> -> tensor<1x16x16x4x4xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.reduce(%111 init: %cst_18) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_19 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %115 = stablehlo.divide %113, %114 : tensor<1x4xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%112 init: %cst_20) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_21 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %118 = stablehlo.divide %116, %117 : tensor<1x4xf32>
    %119 = chlo.square %115 : tensor<1x4xf32> -> tensor<1x4xf32>
    %120 = stablehlo.subtract %118, %119 : tensor<1x4xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %122 = stablehlo.maximum %121, %120 : tensor<1x4xf32>
    %123 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %124 = stablehlo.reshape %123 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %125 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %126 = stablehlo.reshape %125 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %127 = stablehlo.broadcast_in_dim %124, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %128 = stablehlo.broadcast_in_dim %126, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %129 = stablehlo.broadcast_in_dim %127, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %130 = stablehlo.subtract %110, %129 : tensor<1x16x16x16xf32>
    %cst_23 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %132 = stablehlo.add %128, %131 : tensor<1x1x1x16xf32>
    %133 = stablehlo.rsqrt %132 : tensor<1x1x1x16xf32>
    %134 = stablehlo.reshape %arg33 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %135 = stablehlo.multiply %133, %134 : tensor<1x1x1x16xf32>
    %136 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %137 = stablehlo.multiply %130, %136 : tensor<1x16x16x16xf32>
    %138 = stablehlo.reshape %arg32 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %139 = stablehlo.broadcast_in_dim %138, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %140 = stablehlo.add %137, %139 : tensor<1x16x16x16xf32>
    %141 = call @relu_0(%140) : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %cst_24 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %142 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<f32>
    %143 = "stablehlo.reduce_window"(%141, %142) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg47: tensor<f32>, %arg48: tensor<f32>):
      %368 = stablehlo.maximum %arg47, %arg48 : tensor<f32>
      stablehlo.return %368 : tensor<f32>
    }) : (tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x8x8x16xf32>
    %144 = stablehlo.convolution(%143, %arg15) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x16xf32>, tensor<3x3x16x32xf32>) -> tensor<1x8x8x32xf32>
    %145 = stablehlo.reshape %arg14 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %147 = stablehlo.add %144, %146 : tensor<1x8x8x32xf32>
    %148 = stablehlo.reshape %147 : (tensor<1x8x8x32xf32>) -> tensor<1x8x8x4x8xf32>
    %149 = chlo.square %148 : tensor<1x8x8x4x8xf32> -> tensor<1x8x8x4x8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %150 = stablehlo.reduce(%148 init: %cst_25) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x8x8x4x8xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_26 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %152 = stablehlo.divide %150, %151 : tensor<1x4xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %153 = stablehlo.reduce(%149 init: %cst_27) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x8x8x4x8xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_28 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %155 = stablehlo.divide %153, %154 : tensor<1x4xf32>
    %156 = chlo.square %152 : tensor<1x4xf32> -> tensor<1x4xf32>
    %157 = stablehlo.subtract %155, %156 : tensor<1x4xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %159 = stablehlo.maximum %158, %157 : tensor<1x4xf32>
    %160 = stablehlo.broadcast_in_dim %152, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x8xf32>
    %161 = stablehlo.reshape %160 : (tensor<1x4x8xf32>) -> tensor<1x32xf32>
    %162 = stablehlo.broadcast_in_dim %159, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x8xf32>
    %163 = stablehlo.reshape %162 : (tensor<1x4x8xf32>) -> tensor<1x32xf32>
    %164 = stablehlo.broadcast_in_dim %161, dims = [0, 3] : (tensor<1x32xf32>) -> tensor<1x1x1x32xf32>
    %165 = stablehlo.broadcast_in_dim %163, dims = [0, 3] : (tensor<1x32xf32>) -> tensor<1x1x1x32xf32>
    %166 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %167 = stablehlo.subtract %147, %166 : tensor<1x8x8x32xf32>
    %cst_30 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %168 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %169 = stablehlo.add %165, %168 : tensor<1x1x1x32xf32>
    %170 = stablehlo.rsqrt %169 : tensor<1x1x1x32xf32>
    %171 = stablehlo.reshape %arg35 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %172 = stablehlo.multiply %170, %171 : tensor<1x1x1x32xf32>
    %173 = stablehlo.broadcast_in_dim %172, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %174 = stablehlo.multiply %167, %173 : tensor<1x8x8x32xf32>
    %175 = stablehlo.reshape %arg34 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %176 = stablehlo.broadcast_in_dim %175, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %177 = stablehlo.add %174, %176 : tensor<1x8x8x32xf32>
    %178 = call @relu_1(%177) : (tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
    %179 = stablehlo.convolution(%178, %arg17) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x32xf32>, tensor<3x3x32x32xf32>) -> tensor<1x8x8x32xf32>
    %180 = stablehlo.reshape %arg16 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %182 = stablehlo.add %179, %181 : tensor<1x8x8x32xf32>
    %183 = stablehlo.reshape %182 : (tensor<1x8x8x32xf32>) -> tensor<1x8x8x4x8xf32>
    %184 = chlo.square %183 : tensor<1x8x8x4x8xf32> -> tensor<1x8x8x4x8xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.reduce(%183 init: %cst_31) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x8x8x4x8xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_32 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %186 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %187 = stablehlo.divide %185, %186 : tensor<1x4xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %188 = stablehlo.reduce(%184 init: %cst_33) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x8x8x4x8xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_34 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %190 = stablehlo.divide %188, %189 : tensor<1x4xf32>
    %191 = chlo.square %187 : tensor<1x4xf32> -> tensor<1x4xf32>
    %192 = stablehlo.subtract %190, %191 : tensor<1x4xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %193 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %194 = stablehlo.maximum %193, %192 : tensor<1x4xf32>
    %195 = stablehlo.broadcast_in_dim %187, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x8xf32>
    %196 = stablehlo.reshape %195 : (tensor<1x4x8xf32>) -> tensor<1x32xf32>
    %197 = stablehlo.broadcast_in_dim %194, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x8xf32>
    %198 = stablehlo.reshape %197 : (tensor<1x4x8xf32>) -> tensor<1x32xf32>
    %199 = stablehlo.broadcast_in_dim %196, dims = [0, 3] : (tensor<1x32xf32>) -> tensor<1x1x1x32xf32>
    %200 = stablehlo.broadcast_in_dim %198, dims = [0, 3] : (tensor<1x32xf32>) -> tensor<1x1x1x32xf32>
    %201 = stablehlo.broadcast_in_dim %199, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %202 = stablehlo.subtract %182, %201 : tensor<1x8x8x32xf32>
    %cst_36 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<1x1x1x32xf32>
    %204 = stablehlo.add %200, %203 : tensor<1x1x1x32xf32>
    %205 = stablehlo.rsqrt %204 : tensor<1x1x1x32xf32>
    %206 = stablehlo.reshape %arg37 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %207 = stablehlo.multiply %205, %206 : tensor<1x1x1x32xf32>
    %208 = stablehlo.broadcast_in_dim %207, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %209 = stablehlo.multiply %202, %208 : tensor<1x8x8x32xf32>
    %210 = stablehlo.reshape %arg36 : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %211 = stablehlo.broadcast_in_dim %210, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x8x8x32xf32>
    %212 = stablehlo.add %209, %211 : tensor<1x8x8x32xf32>
    %213 = call @relu_1(%212) : (tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
    %214 = stablehlo.convolution(%213, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x32xf32>, tensor<2x2x32x16xf32>) -> tensor<1x16x16x16xf32>
    %215 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %216 = stablehlo.broadcast_in_dim %215, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %217 = stablehlo.add %214, %216 : tensor<1x16x16x16xf32>
    %218 = stablehlo.concatenate %217, %141, dim = 3 : (tensor<1x16x16x16xf32>, tensor<1x16x16x16xf32>) -> tensor<1x16x16x32xf32>
    %219 = stablehlo.convolution(%218, %arg19) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x32xf32>, tensor<3x3x32x16xf32>) -> tensor<1x16x16x16xf32>
    %220 = stablehlo.reshape %arg18 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %221 = stablehlo.broadcast_in_dim %220, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %222 = stablehlo.add %219, %221 : tensor<1x16x16x16xf32>
    %223 = stablehlo.reshape %222 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x4x4xf32>
    %224 = chlo.square %223 : tensor<1x16x16x4x4xf32> -> tensor<1x16x16x4x4xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %225 = stablehlo.reduce(%223 init: %cst_37) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_38 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %226 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %227 = stablehlo.divide %225, %226 : tensor<1x4xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %228 = stablehlo.reduce(%224 init: %cst_39) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_40 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %230 = stablehlo.divide %228, %229 : tensor<1x4xf32>
    %231 = chlo.square %227 : tensor<1x4xf32> -> tensor<1x4xf32>
    %232 = stablehlo.subtract %230, %231 : tensor<1x4xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %233 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %234 = stablehlo.maximum %233, %232 : tensor<1x4xf32>
    %235 = stablehlo.broadcast_in_dim %227, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %236 = stablehlo.reshape %235 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %237 = stablehlo.broadcast_in_dim %234, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %238 = stablehlo.reshape %237 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %239 = stablehlo.broadcast_in_dim %236, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %240 = stablehlo.broadcast_in_dim %238, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %241 = stablehlo.broadcast_in_dim %239, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %242 = stablehlo.subtract %222, %241 : tensor<1x16x16x16xf32>
    %cst_42 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %244 = stablehlo.add %240, %243 : tensor<1x1x1x16xf32>
    %245 = stablehlo.rsqrt %244 : tensor<1x1x1x16xf32>
    %246 = stablehlo.reshape %arg39 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %247 = stablehlo.multiply %245, %246 : tensor<1x1x1x16xf32>
    %248 = stablehlo.broadcast_in_dim %247, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %249 = stablehlo.multiply %242, %248 : tensor<1x16x16x16xf32>
    %250 = stablehlo.reshape %arg38 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %251 = stablehlo.broadcast_in_dim %250, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %252 = stablehlo.add %249, %251 : tensor<1x16x16x16xf32>
    %253 = call @relu_0(%252) : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %254 = stablehlo.convolution(%253, %arg21) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<3x3x16x16xf32>) -> tensor<1x16x16x16xf32>
    %255 = stablehlo.reshape %arg20 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %256 = stablehlo.broadcast_in_dim %255, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %257 = stablehlo.add %254, %256 : tensor<1x16x16x16xf32>
    %258 = stablehlo.reshape %257 : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x4x4xf32>
    %259 = chlo.square %258 : tensor<1x16x16x4x4xf32> -> tensor<1x16x16x4x4xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%258 init: %cst_43) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_44 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %261 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %262 = stablehlo.divide %260, %261 : tensor<1x4xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %263 = stablehlo.reduce(%259 init: %cst_45) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x16x16x4x4xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_46 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %265 = stablehlo.divide %263, %264 : tensor<1x4xf32>
    %266 = chlo.square %262 : tensor<1x4xf32> -> tensor<1x4xf32>
    %267 = stablehlo.subtract %265, %266 : tensor<1x4xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %269 = stablehlo.maximum %268, %267 : tensor<1x4xf32>
    %270 = stablehlo.broadcast_in_dim %262, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %271 = stablehlo.reshape %270 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %272 = stablehlo.broadcast_in_dim %269, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x4xf32>
    %273 = stablehlo.reshape %272 : (tensor<1x4x4xf32>) -> tensor<1x16xf32>
    %274 = stablehlo.broadcast_in_dim %271, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %275 = stablehlo.broadcast_in_dim %273, dims = [0, 3] : (tensor<1x16xf32>) -> tensor<1x1x1x16xf32>
    %276 = stablehlo.broadcast_in_dim %274, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %277 = stablehlo.subtract %257, %276 : tensor<1x16x16x16xf32>
    %cst_48 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %278 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %279 = stablehlo.add %275, %278 : tensor<1x1x1x16xf32>
    %280 = stablehlo.rsqrt %279 : tensor<1x1x1x16xf32>
    %281 = stablehlo.reshape %arg41 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %282 = stablehlo.multiply %280, %281 : tensor<1x1x1x16xf32>
    %283 = stablehlo.broadcast_in_dim %282, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %284 = stablehlo.multiply %277, %283 : tensor<1x16x16x16xf32>
    %285 = stablehlo.reshape %arg40 : (tensor<16xf32>) -> tensor<1x1x1x16xf32>
    %286 = stablehlo.broadcast_in_dim %285, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x16x16x16xf32>
    %287 = stablehlo.add %284, %286 : tensor<1x16x16x16xf32>
    %288 = call @relu_0(%287) : (tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %289 = stablehlo.convolution(%288, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<2x2x16x8xf32>) -> tensor<1x32x32x8xf32>
    %290 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %291 = stablehlo.broadcast_in_dim %290, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %292 = stablehlo.add %289, %291 : tensor<1x32x32x8xf32>
    %293 = stablehlo.concatenate %292, %69, dim = 3 : (tensor<1x32x32x8xf32>, tensor<1x32x32x8xf32>) -> tensor<1x32x32x16xf32>
    %294 = stablehlo.convolution(%293, %arg23) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x16xf32>, tensor<3x3x16x8xf32>) -> tensor<1x32x32x8xf32>
    %295 = stablehlo.reshape %arg22 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %296 = stablehlo.broadcast_in_dim %295, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %297 = stablehlo.add %294, %296 : tensor<1x32x32x8xf32>
    %298 = stablehlo.reshape %297 : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x4x2xf32>
    %299 = chlo.square %298 : tensor<1x32x32x4x2xf32> -> tensor<1x32x32x4x2xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %300 = stablehlo.reduce(%298 init: %cst_49) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_50 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %301 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %302 = stablehlo.divide %300, %301 : tensor<1x4xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %303 = stablehlo.reduce(%299 init: %cst_51) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_52 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %304 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %305 = stablehlo.divide %303, %304 : tensor<1x4xf32>
    %306 = chlo.square %302 : tensor<1x4xf32> -> tensor<1x4xf32>
    %307 = stablehlo.subtract %305, %306 : tensor<1x4xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %309 = stablehlo.maximum %308, %307 : tensor<1x4xf32>
    %310 = stablehlo.broadcast_in_dim %302, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %311 = stablehlo.reshape %310 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %312 = stablehlo.broadcast_in_dim %309, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %313 = stablehlo.reshape %312 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %314 = stablehlo.broadcast_in_dim %311, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %315 = stablehlo.broadcast_in_dim %313, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %316 = stablehlo.broadcast_in_dim %314, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %317 = stablehlo.subtract %297, %316 : tensor<1x32x32x8xf32>
    %cst_54 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %318 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %319 = stablehlo.add %315, %318 : tensor<1x1x1x8xf32>
    %320 = stablehlo.rsqrt %319 : tensor<1x1x1x8xf32>
    %321 = stablehlo.reshape %arg43 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %322 = stablehlo.multiply %320, %321 : tensor<1x1x1x8xf32>
    %323 = stablehlo.broadcast_in_dim %322, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %324 = stablehlo.multiply %317, %323 : tensor<1x32x32x8xf32>
    %325 = stablehlo.reshape %arg42 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %326 = stablehlo.broadcast_in_dim %325, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %327 = stablehlo.add %324, %326 : tensor<1x32x32x8xf32>
    %328 = call @relu(%327) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %329 = stablehlo.convolution(%328, %arg25) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x32x32x8xf32>
    %330 = stablehlo.reshape %arg24 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %331 = stablehlo.broadcast_in_dim %330, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %332 = stablehlo.add %329, %331 : tensor<1x32x32x8xf32>
    %333 = stablehlo.reshape %332 : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x4x2xf32>
    %334 = chlo.square %333 : tensor<1x32x32x4x2xf32> -> tensor<1x32x32x4x2xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %335 = stablehlo.reduce(%333 init: %cst_55) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_56 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %336 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %337 = stablehlo.divide %335, %336 : tensor<1x4xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %338 = stablehlo.reduce(%334 init: %cst_57) applies stablehlo.add across dimensions = [1, 2, 4] : (tensor<1x32x32x4x2xf32>, tensor<f32>) -> tensor<1x4xf32>
    %cst_58 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %339 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %340 = stablehlo.divide %338, %339 : tensor<1x4xf32>
    %341 = chlo.square %337 : tensor<1x4xf32> -> tensor<1x4xf32>
    %342 = stablehlo.subtract %340, %341 : tensor<1x4xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<1x4xf32>
    %344 = stablehlo.maximum %343, %342 : tensor<1x4xf32>
    %345 = stablehlo.broadcast_in_dim %337, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %346 = stablehlo.reshape %345 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %347 = stablehlo.broadcast_in_dim %344, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x2xf32>
    %348 = stablehlo.reshape %347 : (tensor<1x4x2xf32>) -> tensor<1x8xf32>
    %349 = stablehlo.broadcast_in_dim %346, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %350 = stablehlo.broadcast_in_dim %348, dims = [0, 3] : (tensor<1x8xf32>) -> tensor<1x1x1x8xf32>
    %351 = stablehlo.broadcast_in_dim %349, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %352 = stablehlo.subtract %332, %351 : tensor<1x32x32x8xf32>
    %cst_60 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %353 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %354 = stablehlo.add %350, %353 : tensor<1x1x1x8xf32>
    %355 = stablehlo.rsqrt %354 : tensor<1x1x1x8xf32>
    %356 = stablehlo.reshape %arg45 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %357 = stablehlo.multiply %355, %356 : tensor<1x1x1x8xf32>
    %358 = stablehlo.broadcast_in_dim %357, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %359 = stablehlo.multiply %352, %358 : tensor<1x32x32x8xf32>
    %360 = stablehlo.reshape %arg44 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %361 = stablehlo.broadcast_in_dim %360, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<1x32x32x8xf32>
    %362 = stablehlo.add %359, %361 : tensor<1x32x32x8xf32>
    %363 = call @relu(%362) : (tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32>
    %364 = stablehlo.convolution(%363, %arg9) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x8xf32>, tensor<1x1x8x1xf32>) -> tensor<1x32x32x1xf32>
    %365 = stablehlo.reshape %arg8 : (tensor<1xf32>) -> tensor<1x1x1x1xf32>
    %366 = stablehlo.broadcast_in_dim %365, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xf32>) -> tensor<1x32x32x1xf32>
    %367 = stablehlo.add %364, %366 : tensor<1x32x32x1xf32>
    return %367 : tensor<1x32x32x1xf32>
  }
  func.func private @relu(%arg0: tensor<1x32x32x8xf32>) -> tensor<1x32x32x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x32x32x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x32x32x8xf32>
    return %1 : tensor<1x32x32x8xf32>
  }
  func.func private @relu_0(%arg0: tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x16x16x16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x16x16x16xf32>
    return %1 : tensor<1x16x16x16xf32>
  }
  func.func private @relu_1(%arg0: tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x8x8x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<1x8x8x32xf32>
    return %1 : tensor<1x8x8x32xf32>
  }
}
